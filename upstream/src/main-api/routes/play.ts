/**
 * /api/play/*: the play page's reads (GetPlayPageData, GetCourseTags, GetVideoKeyframesList,
 * GetSubtitlesManuscriptUrl, GetNoteList), the phone QR code (MakePng, a PNG rather than an
 * envelope) and clipping (ClipVideo, which answers once the MP4 is cut).
 */
import { refused } from '../../http/envelope';
import { MEDIA_MESSAGES } from '../../media/media-tokens';
import { checkUserText } from '../../text/user-text';
import { FRAGMENT_NAME_MAX_LENGTH, PLAY_NOTE_PAGE_SIZE_MAX } from '../../learning-limits';
import { CLIP_DONE } from '../services/fragment-service';
import { QR_SIDE_DEFAULT, QR_SIDE_MAX, QR_SIDE_MIN } from '../services/play-service';
import { doneWith, readUserId } from './center-params';
import { optionalViewer } from './play-params';
import { checkProductId, read, type RouteGroup } from './route';

export const FRAGMENT_NAME_TOO_LONG = `片段名称不能超过${FRAGMENT_NAME_MAX_LENGTH}个字`;
export const FRAGMENT_NAME_INVALID = '片段名称包含非法字符';

/** a video code as the catalogue writes them (V000123); longer values are refused as parameters */
const VIDEO_CODE_MAX = 64;

// A name is one line and becomes a download's file name: the text policy (text/user-text) refuses
// control characters and bidi overrides (a name that reads backwards hides the file's real
// extension) and turns line breaks into spaces; '' means the default name.
const FRAGMENT_NAME_FIELD = { multiline: false, maxLength: FRAGMENT_NAME_MAX_LENGTH };

export const playRoutes: RouteGroup = ({ play, notes, fragments, members }, config) => [
  {
    method: 'GET',
    path: '/api/play/GetPlayPageData',
    handle: ({ params }) =>
      read(
        play.playPageData({
          courseId: params.id('courseId'),
          catalogId: params.optionalId('catalogId'),
          videoId: params.optionalId('videoId'),
          userId: optionalViewer(params),
        }),
      ),
  },
  {
    method: 'GET',
    path: '/api/play/GetCourseTags',
    handle: ({ params }) => read(play.courseTags(params.id('courseId'))),
  },
  {
    method: 'GET',
    path: '/api/play/GetVideoKeyframesList',
    handle: ({ params }) => read(play.keyframes(params.id('videoId'), params.optionalId('courseId'))),
  },
  {
    method: 'GET',
    path: '/api/play/GetSubtitlesManuscriptUrl',
    // the manuscript is the lecture's whole text: for the signed-in viewer the gateway names, like the video itself
    handle: async ({ params }) => {
      const videoCode = params.text('videoCode', VIDEO_CODE_MAX, true).trim();
      if (optionalViewer(params) === null) throw refused(MEDIA_MESSAGES.loginRequired);
      return read(await play.subtitles(videoCode));
    },
  },
  {
    method: 'GET',
    path: '/api/play/GetNoteList',
    handle: ({ params }) => {
      const userId = readUserId(params);
      const mineOnly = params.int('noteType', { min: 0, max: 1 }) === 1;
      const { limit, offset } = params.page(PLAY_NOTE_PAGE_SIZE_MAX);
      return read(notes.listForVideo({ userId, videoId: params.id('videoId'), mineOnly, limit, offset }));
    },
  },
  {
    method: 'GET',
    path: '/api/play/MakePng',
    handle: async ({ params }) => {
      const side = { min: QR_SIDE_MIN, max: QR_SIDE_MAX };
      const width = params.optionalInt('width', side) ?? QR_SIDE_DEFAULT;
      const height = params.optionalInt('high', side) ?? width;
      // uid is the viewer (0 for a visitor): validated, the QR code is the same for everyone
      params.optionalId('uid');
      const body = await play.qrPng({
        catalogId: params.optionalId('catalogId'),
        courseId: params.id('cid'),
        videoId: params.optionalId('vid'),
        width,
        height,
        baseUrl: config.publicBaseUrl,
      });
      return { raw: true, contentType: 'image/png', body };
    },
  },
  {
    method: 'GET',
    path: '/api/play/ClipVideo',
    handle: async ({ params }) => {
      const userId = readUserId(params);
      // the account's type is judged first: another type is refused whatever else it sent
      await members.require(userId);
      checkProductId(params, config);
      const videoCode = params.text('videoCode', VIDEO_CODE_MAX, true).trim();
      const startTime = params.int('startTime', { min: -1_000_000, max: 10_000_000 });
      const endTime = params.int('endTime', { min: -1_000_000, max: 10_000_000 });
      const name = checkUserText(params.text('fragmentName', 10_000), FRAGMENT_NAME_FIELD);
      if (!name.ok) throw refused(name.problem === 'tooLong' ? FRAGMENT_NAME_TOO_LONG : FRAGMENT_NAME_INVALID);
      const fragmentName = name.text;
      const fragment = await fragments.clip({ userId, videoCode, startTime, endTime, fragmentName });
      return doneWith(CLIP_DONE, fragment);
    },
  },
];
