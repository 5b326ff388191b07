import { graphql } from 'react-relay';

/** /m/play?catalogId=&courseId=&videoId=: the course and its videos (the player itself is issue 5). */
export const mobilePlayQuery = graphql`
  query MobilePlayQuery($courseId: Int!) {
    course(courseId: $courseId) {
      courseId
      catalogueId
      name
      image
      info
      authorName
      authorPosition
      author {
        authorId
      }
      videoCount
      viewCount
      videos {
        id
        videoId
        name
        numberShow
        duration
      }
    }
  }
`;
