import { graphql } from 'react-relay';

/** /m/authorDes?id=: the lecturer and their courses, newest first. */
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
      courses(first: 30) {
        edges {
          node {
            id
            ...MobileCourseCard_course
          }
        }
      }
    }
  }
`;
