import type { NoArgs, Resolver, ViewerParent } from '../../graphql/types';

/** Resolved from the utoken cookie by the start-up sequence (viewer/session.ts); Viewer.ts maps its fields. */
export const viewer: Resolver<unknown, NoArgs, ViewerParent> = (_parent, _args, { session }) => session.viewer();
