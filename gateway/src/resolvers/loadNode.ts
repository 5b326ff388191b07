/**
 * Reads any Node by its global id. Unknown, malformed or vanished ids answer null (the Relay
 * convention), never an error.
 *
 * Notes, messages and fragments are the viewer's own: the upstream reads them only as the viewer's
 * lists, so one is found in its list (one call, shared by every id of the operation through the REST
 * loader); someone else's record, or one past the list's spec size, answers null like an unknown id.
 */
import type { GatewayContext } from '../context';
import { fromGlobalId, parseIdKey } from '../graphql/globalId';
import type { NodeParent } from '../graphql/models';
import { isLoggedIn } from '../viewer';
import { CENTER_PAGE_SIZES } from './center';

/** The most banners one call may ask for (upstream limit maximum). */
const BANNER_SCAN_LIMIT = 100;

async function loadOwnRecord(
  type: 'Note' | 'Message' | 'Fragment',
  id: number,
  ctx: GatewayContext,
): Promise<NodeParent | null> {
  const viewer = await ctx.session.viewer();
  if (!isLoggedIn(viewer)) return null;
  const { api } = ctx;
  switch (type) {
    case 'Message': {
      const page = await api.center.messages(viewer.userId, 1, CENTER_PAGE_SIZES.messages);
      const message = page.dataList.find((candidate) => candidate.id === id);
      return message ? { __typename: 'Message', ...message } : null;
    }
    case 'Fragment': {
      const page = await api.center.fragments(viewer.userId, 1, CENTER_PAGE_SIZES.fragments);
      const fragment = page.dataList.find((candidate) => candidate.id === id);
      return fragment ? { __typename: 'Fragment', ...fragment } : null;
    }
    case 'Note': {
      // the viewer's own notes first, then the ones they collected
      for (const noteType of [0, 1] as const) {
        const page = await api.center.notes(viewer.userId, noteType, 1, CENTER_PAGE_SIZES.notes);
        const note = page.dataList.find((candidate) => candidate.id === id);
        if (note) return { __typename: 'Note', ...note, viewerUserId: viewer.userId };
      }
      return null;
    }
  }
}

export async function loadNode(id: string, ctx: GatewayContext): Promise<NodeParent | null> {
  const decoded = fromGlobalId(id);
  if (!decoded) return null;
  const { api } = ctx;
  switch (decoded.type) {
    case 'Course': {
      const courseId = parseIdKey(decoded.key);
      if (courseId === null) return null;
      const play = await api.play.courseData(courseId);
      return play ? { __typename: 'Course', ...play.course, videoList: play.videoList } : null;
    }
    case 'Video': {
      const [courseKey = '', videoKey = ''] = decoded.key.split(':');
      const courseId = parseIdKey(courseKey);
      const videoId = parseIdKey(videoKey);
      if (courseId === null || videoId === null) return null;
      const play = await api.play.courseData(courseId);
      const video = play?.videoList.find((candidate) => candidate.videoId === videoId);
      return video ? { __typename: 'Video', ...video } : null;
    }
    case 'Author': {
      const authorId = parseIdKey(decoded.key);
      if (authorId === null) return null;
      const author = await api.lecturers.load(authorId);
      return author ? { __typename: 'Author', ...author } : null;
    }
    case 'Topic': {
      const topicId = parseIdKey(decoded.key);
      if (topicId === null) return null;
      const topic = await api.topics.detail(topicId);
      return topic ? { __typename: 'Topic', ...topic } : null;
    }
    case 'Catalogue': {
      const inAuthorTree = decoded.key.startsWith('author:');
      const catalogueId = parseIdKey(inAuthorTree ? decoded.key.slice('author:'.length) : decoded.key);
      if (catalogueId === null) return null;
      const index = inAuthorTree ? await ctx.catalogues.lecturers() : await ctx.catalogues.subjects();
      const node = index.byId.get(catalogueId);
      return node ? { __typename: 'Catalogue', ...node } : null;
    }
    case 'Note':
    case 'Message':
    case 'Fragment': {
      const recordId = parseIdKey(decoded.key);
      return recordId === null ? null : loadOwnRecord(decoded.type, recordId, ctx);
    }
    case 'Danmaku': {
      // read through its video's list (at most 3 000 comments, one call)
      const [videoKey = '', commentKey = ''] = decoded.key.split(':');
      const videoId = parseIdKey(videoKey);
      const commentId = parseIdKey(commentKey);
      if (videoId === null || commentId === null) return null;
      const viewer = await ctx.session.viewer();
      const list = await api.play.danmaku({
        videoId,
        from: undefined,
        to: undefined,
        userId: isLoggedIn(viewer) ? viewer.userId : undefined,
      });
      const comment = (list ?? []).find((candidate) => candidate.id === commentId);
      return comment ? { __typename: 'Danmaku', ...comment, videoId } : null;
    }
    case 'Banner': {
      const bannerId = parseIdKey(decoded.key);
      if (bannerId === null) return null;
      const banner = (await api.catalogue.banners(BANNER_SCAN_LIMIT)).find((candidate) => candidate.id === bannerId);
      return banner ? { __typename: 'Banner', ...banner } : null;
    }
  }
}
