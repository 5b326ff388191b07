/**
 * The viewer and the personal centre's lists. The parent is always a viewer the gateway resolved
 * (Query.viewer, or a mutation's payload after it changed who the viewer is): the user id of every
 * upstream call comes from it, never from the client. An anonymous viewer has no profile and empty
 * lists, without any upstream call.
 */
import type { GatewayContext } from '../context';
import { connectionFromPages, connectionFromSlice, readWindow, type Window } from '../graphql/connection';
import type { UserProfileParent } from '../graphql/models';
import type { Field, ViewerResolvers } from '../graphql/resolverTypes';
import type { RestUserProfile } from '../upstream/types';
import { isLoggedIn } from '../viewer';
import { ACCOUNT_SETTINGS_POSITION, CENTER_PAGE_SIZES } from './center';
import { platformPageUrl, type SiteRequest } from '../http/origin';
import { loginPageUrl } from './Query/site';
import { continueLearning } from './Progress';

const empty = <T>(window: Window) => connectionFromSlice<T>([], window.offset, 0, false);

/** The profile with what its URL fields need: the login service's pages as the browser reaches them. */
export function profileParent(ctx: GatewayContext, profile: RestUserProfile): UserProfileParent {
  const http = ctx as unknown as SiteRequest;
  return {
    profile,
    loginPageUrl: loginPageUrl(ctx.config, http),
    centerUrl: platformPageUrl(ctx.config, http, `/center?position=${ACCOUNT_SETTINGS_POSITION}`),
  };
}

/** GetUserExtraInfo with the viewer's token; null when anonymous or when the token is no longer accepted. */
const profile: Field<ViewerResolvers, 'profile'> = async (viewer, _args, ctx) => {
  if (!isLoggedIn(viewer)) return null;
  const state = await ctx.session.current();
  // the token must be this viewer's: a payload's viewer is always the session's current one
  if (!state.token || state.viewer.userId !== viewer.userId) return null;
  const found = await ctx.login.userProfile(state.token);
  return found ? profileParent(ctx, found) : null;
};

const favouriteCourses: Field<ViewerResolvers, 'favouriteCourses'> = (viewer, args, { api }) => {
  const window = readWindow(
    args.first,
    args.after,
    CENTER_PAGE_SIZES.favouriteCourses,
    CENTER_PAGE_SIZES.favouriteCourses,
  );
  if (!isLoggedIn(viewer)) return empty(window);
  return connectionFromPages(window, (pageIndex, pageSize) =>
    api.center.collectList(viewer.userId, pageIndex, pageSize),
  );
};

const notes: Field<ViewerResolvers, 'notes'> = (viewer, args, { api }) => {
  const window = readWindow(args.first, args.after, CENTER_PAGE_SIZES.notes, CENTER_PAGE_SIZES.notes);
  if (!isLoggedIn(viewer)) return empty(window);
  const noteType = (args.kind ?? 'MINE') === 'MINE' ? 0 : 1;
  return connectionFromPages(window, async (pageIndex, pageSize) => {
    const page = await api.center.notes(viewer.userId, noteType, pageIndex, pageSize);
    return {
      totalCount: page.totalCount,
      dataList: page.dataList.map((note) => ({ ...note, viewerUserId: viewer.userId })),
    };
  });
};

const history: Field<ViewerResolvers, 'history'> = async (viewer, _args, { api }) =>
  isLoggedIn(viewer) ? api.center.viewLogs(viewer.userId) : [];

const messages: Field<ViewerResolvers, 'messages'> = (viewer, args, { api }) => {
  const window = readWindow(args.first, args.after, CENTER_PAGE_SIZES.messages, CENTER_PAGE_SIZES.messages);
  if (!isLoggedIn(viewer)) return empty(window);
  return connectionFromPages(window, (pageIndex, pageSize) => api.center.messages(viewer.userId, pageIndex, pageSize));
};

const fragments: Field<ViewerResolvers, 'fragments'> = (viewer, args, { api }) => {
  const window = readWindow(args.first, args.after, CENTER_PAGE_SIZES.fragments, CENTER_PAGE_SIZES.fragments);
  if (!isLoggedIn(viewer)) return empty(window);
  return connectionFromPages(window, (pageIndex, pageSize) => api.center.fragments(viewer.userId, pageIndex, pageSize));
};

export const Viewer = {
  userType: (viewer) => viewer.userType,
  isLoggedIn: (viewer) => isLoggedIn(viewer),
  isIP: (viewer) => viewer.isIP,
  userId: (viewer) => viewer.userId,
  name: (viewer) => viewer.name,
  comName: (viewer) => viewer.comName,
  comId: (viewer) => viewer.comId,
  comCode: (viewer) => viewer.comCode,
  headPicture: (viewer) => viewer.headPicture,
  phoneNumber: (viewer) => viewer.phoneNumber,
  email: (viewer) => viewer.email,
  profile,
  favouriteCourses,
  notes,
  history,
  continueLearning,
  messages,
  fragments,
} satisfies ViewerResolvers;
