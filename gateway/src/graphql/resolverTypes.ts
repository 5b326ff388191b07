/**
 * The resolvers' types, generated from schema.graphql into ./__generated__/resolvers.ts (config:
 * gateway/codegen.ts, `npm run codegen`) with the parents of ./models.ts as mappers, and the one
 * helper the resolver files add to them.
 */
export type * from './__generated__/resolvers';

/**
 * One field's resolver of a type, for a resolver written apart from its type's object:
 * `const videos: Field<CourseResolvers, 'videos'> = (course, args, ctx, info) => ...`.
 */
export type Field<TResolvers, K extends keyof TResolvers> = NonNullable<TResolvers[K]>;
