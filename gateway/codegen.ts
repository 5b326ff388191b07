/**
 * GraphQL Code Generator: the resolvers' types, generated from schema.graphql (the single source)
 * into gateway/src/graphql/__generated__/resolvers.ts, which is committed; `npm run codegen` writes
 * it again after a change of the schema or of a mapper, and the gateway test codegen-up-to-date
 * fails while the committed file differs from what this config generates.
 *
 * Mappers name what each type's resolvers receive as parent (graphql/models.ts: mostly the REST item
 * of upstream/types.ts); the context is the gateway's per-request context. Types without a mapper
 * (payloads, connections, small value objects) are generated with their mapped fields, so a
 * resolver may answer them with the parents of those fields.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const models = '../models';

/** GraphQL type → the parent its resolvers receive (a type of ../models.ts, relative to the generated file). */
const MAPPED = {
  Node: 'NodeParent',
  Viewer: 'ViewerParent',
  UserProfile: 'UserProfileParent',
  Note: 'NoteParent',
  ViewLogEntry: 'ViewLogEntryParent',
  Message: 'MessageParent',
  Fragment: 'FragmentParent',
  Catalogue: 'CatalogueParent',
  Course: 'CourseParent',
  Video: 'VideoParent',
  Author: 'AuthorParent',
  Topic: 'TopicParent',
  Banner: 'BannerParent',
  Danmaku: 'DanmakuParent',
  PlayPage: 'PlayPageParent',
  PlayResume: 'PlayResumeParent',
  CourseTag: 'CourseTagParent',
  Search: 'SearchParent',
  CourseHit: 'CourseHitParent',
  TopicHit: 'TopicHitParent',
  AuthorHit: 'AuthorHitParent',
  KnowledgePoint: 'KnowledgePointParent',
  CatalogueSuggestion: 'CatalogueSuggestionParent',
  SearchSuggestions: 'SearchSuggestionsParent',
  CourseProgress: 'CourseProgressParent',
  VideoProgress: 'VideoProgressParent',
  AIThinkingDelta: 'AIThinkingDeltaParent',
  AIAnswerDelta: 'AIAnswerDeltaParent',
  AIAnswerDone: 'AIAnswerDoneParent',
  AISource: 'AISourceParent',
  AIContent: 'AIContentParent',
} as const;

const config: CodegenConfig = {
  schema: 'schema.graphql',
  generates: {
    'gateway/src/graphql/__generated__/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        // the schema's names as they are (AIAnswerDone, not AiAnswerDone)
        namingConvention: 'keep',
        enumsAsTypes: true,
        // resolvers are functions, never { resolve } objects (subscriptions keep subscribe/resolve)
        makeResolverTypeCallable: true,
        contextType: '../../context#GatewayContext',
        mappers: {
          ...Object.fromEntries(Object.entries(MAPPED).map(([type, parent]) => [type, `${models}#${parent}`])),
          // the user errors of payloads are the gateway's own (also the play-log beacon's)
          UserError: '../../userErrors#UserErrorResult',
        },
        scalars: { File: { input: `${models}#UploadedFile`, output: 'never' } },
      },
    },
  },
};

export default config;
