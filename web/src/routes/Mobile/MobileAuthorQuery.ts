import { graphql } from 'react-relay';

/** /m/authorDes?id=: the lecturer and the first 18 of their courses, newest first (MobileAuthorCourses). */
export const mobileAuthorQuery = graphql`
  query MobileAuthorQuery($authorId: Int!) {
    author(authorId: $authorId) {
      authorId
      name
      position
      image
      intro
      courseCount
      videoCount
      ...MobileAuthorCourses_author
    }
  }
`;
