import { graphql } from 'react-relay';

/**
 * /m/play?catalogId=&courseId=&videoId=&vtime=: the course and its videos (shown to everyone), and
 * the play page of GetPlayPageData with what the player needs (the video's media, danmaku, the
 * resume point, the abstract and keyframes) and the viewer's side of it as on /Play (点赞 and 收藏,
 * the notes, the AI content the drawer asks about). Playing needs login: a visitor gets the public
 * course (no resume point, media the media server refuses) and the page shows the login prompt where
 * the player would be, with the login page's address from `site`.
 */
export const mobilePlayQuery = graphql`
  query MobilePlayQuery($courseId: Int!, $videoId: Int!, $catalogueId: Int!) {
    viewer {
      userType
    }
    site {
      loginUrl
    }
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
      viewerProgress {
        videos {
          videoId
          percent
          learned
        }
      }
    }
    playPage(courseId: $courseId, videoId: $videoId, catalogueId: $catalogueId) {
      video {
        id
        videoId
        ...PlayerPane_video
        ...VideoIntro_video
        ...VideoOperationButtons_video
        ...VideoNotes_video
        ...PlayAiContent_video
      }
      resume {
        logId
        videoId
        lastPlayTime
        duration
      }
    }
  }
`;
