import { graphql } from 'react-relay';

/**
 * /Play?catalogId=&courseId=&videoId=: who is watching (playing needs login) and the play page of
 * GetPlayPageData with everything around the player. A visitor gets the course too (no resume
 * point, media they cannot fetch); an unknown course or a video not of the course: null.
 */
export const playQuery = graphql`
  query PlayQuery($courseId: Int!, $videoId: Int!, $catalogueId: Int!) {
    viewer {
      userType
    }
    playPage(courseId: $courseId, videoId: $videoId, catalogueId: $catalogueId) {
      course {
        courseId
        catalogueId
        name
        ...RelatedCourses_course
      }
      video {
        id
        videoId
        name
        ...PlayerPane_video
        ...VideoActions_video
        ...VideoNotes_video
        ...VideoIntro_video
        ...PlayAiContent_video
      }
      videos {
        videoId
      }
      resume {
        logId
        videoId
        lastPlayTime
        duration
      }
      qrCodeUrl
      ...PlayHeader_playPage
      ...PlayVideoList_playPage
      ...LecturerCard_playPage
    }
  }
`;
