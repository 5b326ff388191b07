import { graphql } from 'react-relay';

/** /authorDes?id=: the lecturer and the first 18 of their courses (§9), newest first. */
export const lecturerDetailQuery = graphql`
  query LecturerDetailQuery($authorId: Int!) {
    author(authorId: $authorId) {
      authorId
      name
      position
      image
      intro
      ...LecturerCourseList_author
    }
  }
`;
