import { graphql } from 'react-relay';

/** /m/authorDes?id=: the lecturer and the first 18 of their courses, newest first (MobileLecturerCourses). */
export const mobileLecturerQuery = graphql`
  query MobileLecturerQuery($authorId: Int!) {
    author(authorId: $authorId) {
      authorId
      name
      position
      image
      intro
      courseCount
      videoCount
      ...MobileLecturerCourses_author
    }
  }
`;
