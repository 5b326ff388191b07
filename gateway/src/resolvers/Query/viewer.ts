import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

/** Resolved from the utoken cookie by the start-up sequence (viewer/session.ts); Viewer.ts maps its fields. */
export const viewer: Field<QueryResolvers, 'viewer'> = (_parent, _args, { session }) => session.viewer();
