/**
 * Limits on what one operation may ask, enforced before any resolver runs.
 *
 * Depth, aliases, tokens and directives are graphql-armor's, checked while parsing and validating
 * (one graphql copy: graphql 16, see NOTES.md). Cost is our own (operationCost.ts), measured when
 * the operation is about to execute, because only then are its variables known: Relay's pagination
 * queries ask `first: $count`, and a validation rule would have counted that as one item. Cost is
 * measured on the shape of the data asked for, fragments flattened and @skip/@include applied:
 * Relay builds every page query from nested fragments, and counting each spread as a level would
 * make the web app's own home query look 10 deep.
 *
 * Values (measured on the web app's operations, web/src/__generated__):
 *  HomeQuery {scId:0,isAll:true} depth 4 / cost ≈ 1 290, as a subject tab ≈ 1 180; CatalogueQuery
 *  ≈ 1 180; the pagination queries ≈ 790 to 1 130; CatalogueViewRefetchQuery with a year ≈ 2 160
 *  (its two counts by year weigh 500 each); ShellQuery ≈ 40. The home page makes 6 upstream
 *  requests, the catalogue page about 5.
 *  - depth 10: room for the play page's nesting, refuses parent{parent{...}} and course→author→courses chains
 *  - cost 20 000 = structure + 500 per upstream call the operation may fan out to:
 *     structure: objects 2, scalars 1, ×1.5 a level, × the items a list asks for (first, last,
 *       limit, size, the length of ids; at most 100): ≈ 15× the home page; nested connections
 *       (courses(first: 100) { ... relatedCourses(first: 100) }) blow through it;
 *     fan-out: the fields of UPSTREAM_FIELDS cost one upstream request for every object they are
 *       resolved on (a list of 100 courses asking each for its videos is 100 GetPlayPageData calls),
 *       so each such call weighs 500 = maxCost / 40, the default per-operation upstream budget: an
 *       operation that would fan out to about 40 calls is refused before it makes any.
 *       courses(first: 20) { ...videos } (21 requests) passes; courses(first: 100) { ...videos }
 *       and topics(first: 100) { ...moreTopics } (about 100 each) are refused.
 *  - ids 30: nodes(ids:) reads every id, one upstream request each (the fan-out weight alone
 *    stops it near 40; the explicit limit gives the clearer message)
 *  - aliases 30: Relay aliases a field only when it is asked twice with other arguments
 *  - tokens 6 000: the home query with all its fragments is about 600
 *  - directives 50: Relay's @include/@skip on conditional fragments
 * The personal centre: the viewer's own lists ask for their spec page sizes (product-spec
 * §9: favouriteCourses 10000, notes 1000, messages 1000, fragments 10000), one upstream call each.
 * Counted like the public lists (× 100 items each) a /center query asking all of them (every field,
 * the profile, both note kinds: tests/gateway/centre-queries.test.ts) would be ≈ 41 700 and refused,
 * although it costs 7 upstream calls and returns only what one person has. So:
 *  - OWNED_LISTS: in the structure term each of these lists counts as at most OWNED_LIST_ITEMS (10)
 *    items, whatever its `first`: its length is bounded by the owner's data, not by the client, and
 *    the upstream does the same one call for 1 item or 10 000. That query is then ≈ 3 900 of structure
 *    + 7 calls × 500 ≈ 7 400.
 *  - the fan-out term is unchanged: fields that call the upstream per object below these lists still
 *    count once for each of the (up to 100) items asked for, so favouriteCourses { ...videos } or
 *    { ...relatedCourses(first: 100) } is 100 calls and refused; and each alias of a list or of the
 *    profile adds its call (they are UPSTREAM_FIELDS, 500 each): about 25 aliases of even a small
 *    favouriteCourses selection are refused.
 * Search: each field of Search is one upstream call (UPSTREAM_FIELDS, 500 each, once per
 * Query.search alias); the tabs are connections sized by `first` (21 by default) like every other list;
 * the overview's previews have no size argument but a size the upstream fixes (21 courses, 10
 * knowledge points, 4 topics, 8 lecturers: FIXED_LISTS), so they count as that many items, and
 * overview { courses { course { videos } } } is 22 calls, not 2. A search hit's topic has no courses:
 * Topic.courses reads its detail there (UPSTREAM_FIELDS_BELOW), not on a listed topic. The /search
 * page (search { counts overview } + catalogueSuggestions + hotKeywords + featuredTopics(limit: 2),
 * tests/gateway/search-units.test.ts) is ≈ 4 560 of structure + 2 calls × 500 ≈ 5 560, about a
 * quarter of the limit, and makes 6 upstream requests (with the suggestions' catalogue nodes: the
 * subject tree); the web app's SearchQuery ≈ 4 300 to 6 000 depending on the tab, its tab pages
 * ≈ 3 500 to 5 150.
 * The play page: Query.playPage is one call (PlayPage.resume is part of its answer); PlayPage.tags / authorCourses and
 * Video.manuscript / viewerOperations / notes / danmaku one each per object (UPSTREAM_FIELDS). The
 * notes tab asks for its spec page (first: 100, §9) in one call: Video.notes counts as an owned list
 * (OWNED_LISTS), else one tab alone would weigh ≈ 12 000. Video.danmaku (up to 3 000 comments, no
 * size argument) counts as one item, as Course.videos does; the comments are a few scalars each.
 * The whole play page (tests/gateway/play-page.test.ts, PLAY_PAGE_QUERY) stays well under the limit;
 * PlayPage.videos { manuscript } is a call per video, cut off by the upstream budget at run time.
 * What the estimate cannot see (lists whose length is the data's: Topic.courses, Course.videos,
 * Catalogue.children count as one item) is caught at run time by the upstream budget
 * (UPSTREAM_BUDGET_PER_OPERATION, default 40, RequestScope.upstreamBudget): further calls of the
 * operation fail with upstreamBudgetMessage() (graphql/errors.ts) instead of being sent.
 * Field suggestions ("Did you mean ...") leak the schema: blocked when introspection is off.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { ExecutionArgs, GraphQLError, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { MAX_PAGE_SIZE } from '../graphql/args';
import { QUERY_TOO_COMPLEX } from '../graphql/errors';
import { MAX_NODE_IDS } from '../graphql/globalId';
import { measureOperation, type CostModel, type OperationCost, type UpstreamField } from './operationCost';

export const QUERY_LIMITS = {
  maxDepth: 10,
  maxCost: 20_000,
  maxIds: MAX_NODE_IDS,
  maxAliases: 30,
  maxTokens: 6_000,
  maxDirectives: 50,
} as const;

/** The default of UPSTREAM_BUDGET_PER_OPERATION (config.ts). */
export const DEFAULT_UPSTREAM_BUDGET = 40;

/** What one AI answer (Subscription.askAI) counts for in the cost rule. */
export const AI_ANSWER_CALLS = 4;

/** One upstream call's weight: an operation fanning out to the whole budget costs the whole limit. */
export const UPSTREAM_CALL_COST = QUERY_LIMITS.maxCost / DEFAULT_UPSTREAM_BUDGET;

/**
 * The fields that cost an upstream request each time they are resolved (see the resolvers).
 * Root fields that call the upstream once are not here: they resolve once (per alias, at most 30).
 */
export const UPSTREAM_FIELDS: Readonly<Record<string, UpstreamField>> = {
  // GetPlayPageData: lists do not carry videos
  'Course.videos': { per: 'object' },
  'Course.relatedCourses': { per: 'object' },
  // the lecturer DataLoader reads the lecturers of one list together (upstream/main-api/lecturers.ts)
  'Course.author': { per: 'batch' },
  // GetPlayPageData of the video's course (shared with Course.videos, counted anyway)
  'Video.course': { per: 'object' },
  'Topic.moreTopics': { per: 'object' },
  'Author.courses': { per: 'object' },
  // with a year: GetCatalogList4 of the node's parent (one per group of siblings)
  'Catalogue.resourceCount': { per: 'object', when: (args) => args.year !== undefined && args.year !== null },
  'Query.node': { per: 'object' },
  // one per id (operationCost.ts counts the ids)
  'Query.nodes': { per: 'object' },
  // Topic.courses is not here: it answers the courses a listed topic carries (a search hit's topic: UPSTREAM_FIELDS_BELOW)
  // the personal centre: one call each per viewer (GetUserExtraInfo, GetCollectList, GetNoteList, ...)
  'Viewer.profile': { per: 'object' },
  'Viewer.favouriteCourses': { per: 'object' },
  'Viewer.notes': { per: 'object' },
  'Viewer.history': { per: 'object' },
  'Viewer.messages': { per: 'object' },
  'Viewer.fragments': { per: 'object' },
  // 继续学习: GetLearningProgress, the viewer's recent courses / one course each
  'Viewer.continueLearning': { per: 'object' },
  'Course.viewerProgress': { per: 'object' },
  // search: every field of Search is its own call (counts, type all, one type per tab);
  // Search resolves once per Query.search alias, so these count once per alias
  'Search.counts': { per: 'object' },
  'Search.overview': { per: 'object' },
  'Search.courses': { per: 'object' },
  'Search.knowledgePoints': { per: 'object' },
  'Search.topics': { per: 'object' },
  'Search.authors': { per: 'object' },
  // the play page: Query.playPage itself is one GetPlayPageData; these are one call each
  // per object (a video of PlayPage.videos asking for its manuscript is a call per video)
  'PlayPage.tags': { per: 'object' },
  'PlayPage.authorCourses': { per: 'object' },
  'Video.manuscript': { per: 'object' },
  'Video.viewerOperations': { per: 'object' },
  'Video.notes': { per: 'object' },
  'Video.danmaku': { per: 'object' },
  // AI: the play page's AI content block, one GetAIContent per video
  'Video.aiContent': { per: 'object' },
  // one flowQuestion, but a streamed answer holds an upstream connection and the provider's work for
  // up to 85 s: it weighs like AI_ANSWER_CALLS ordinary calls (a subscription has one root field)
  'Subscription.askAI': { per: 'object', calls: AI_ANSWER_CALLS },
};

/**
 * The search overview's previews: lists without a size argument whose length the upstream fixes
 * (product-spec §9: 21 courses, 10 knowledge points, 4 topics, 8 lecturers). They count as that
 * many items, in the structure and for the fields below them that call the upstream.
 */
export const FIXED_LISTS: Readonly<Record<string, number>> = {
  'SearchOverview.courses': 21,
  'SearchOverview.knowledgePoints': 10,
  'SearchOverview.topics': 4,
  'SearchOverview.authors': 8,
};

/**
 * A topic found by search carries no courses: Topic.courses reads its detail (GetSpecialDetails),
 * one call per topic, where a listed topic answers the courses it carries for nothing.
 */
export const UPSTREAM_FIELDS_BELOW: Readonly<Record<string, Readonly<Record<string, UpstreamField>>>> = {
  'TopicHit.topic': { 'Topic.courses': { per: 'object' } },
};

/** How many items one of OWNED_LISTS counts for in the structure term (see the header). */
export const OWNED_LIST_ITEMS = 10;

/** The viewer's own records: sized by what the person has, one upstream call whatever `first` asks. */
export const OWNED_LISTS: Readonly<Record<string, number>> = {
  'Viewer.favouriteCourses': OWNED_LIST_ITEMS,
  'Viewer.notes': OWNED_LIST_ITEMS,
  'Viewer.messages': OWNED_LIST_ITEMS,
  'Viewer.fragments': OWNED_LIST_ITEMS,
  // the play page's notes tabs: one GetNoteList of at most 100 (§9), whatever `first` asks
  'Video.notes': OWNED_LIST_ITEMS,
};

export const COST_MODEL: CostModel = {
  scalar: 1,
  object: 2,
  depthFactor: 1.5,
  maxListItems: MAX_PAGE_SIZE,
  upstreamFields: UPSTREAM_FIELDS,
  ownedLists: OWNED_LISTS,
  fixedLists: FIXED_LISTS,
  upstreamFieldsBelow: UPSTREAM_FIELDS_BELOW,
};

const MESSAGES = {
  depth: `查询嵌套过深（最多 ${QUERY_LIMITS.maxDepth} 层）`,
  cost: `查询过于复杂（复杂度上限 ${QUERY_LIMITS.maxCost}）`,
  ids: `参数 ids 最多包含 ${QUERY_LIMITS.maxIds} 个 id`,
  aliases: `查询使用的别名过多（最多 ${QUERY_LIMITS.maxAliases} 个）`,
  tokens: `查询过长（最多 ${QUERY_LIMITS.maxTokens} 个词法单元）`,
  directives: `查询使用的指令过多（最多 ${QUERY_LIMITS.maxDirectives} 个）`,
} as const;

/** createGraphQLError (yoga's graphql copy) so yoga recognises the error as an expected one. */
function limitError(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { code: QUERY_TOO_COMPLEX } });
}

/**
 * Validation-time limits report their error through the validation context (instead of armor's
 * default of throwing out of validate), so the client gets our message and code.
 */
function reportAs(message: string) {
  return {
    exposeLimits: false,
    errorMessage: message,
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(limitError(message))],
  };
}

export function armorPlugin(options: { blockFieldSuggestions: boolean }): Plugin {
  return EnvelopArmorPlugin({
    maxDepth: { n: QUERY_LIMITS.maxDepth, flattenFragments: true, ...reportAs(MESSAGES.depth) },
    // cost needs the variables: useCostLimit below
    costLimit: { enabled: false },
    maxAliases: { n: QUERY_LIMITS.maxAliases, ...reportAs(MESSAGES.aliases) },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives, ...reportAs(MESSAGES.directives) },
    // the token limit works while parsing, where there is no validation context: it throws
    maxTokens: { n: QUERY_LIMITS.maxTokens, exposeLimits: false, errorMessage: MESSAGES.tokens },
    blockFieldSuggestion: { enabled: options.blockFieldSuggestions },
  }) as Plugin;
}

/** The cost of an operation that is about to run, or the message refusing it. */
export function costVerdict(cost: OperationCost | null): string | null {
  if (!cost) return null;
  if (cost.maxIds > QUERY_LIMITS.maxIds) return MESSAGES.ids;
  if (cost.structure + cost.upstreamCalls * UPSTREAM_CALL_COST > QUERY_LIMITS.maxCost) return MESSAGES.cost;
  return null;
}

/** verdicts kept per parsed document (yoga's parser cache hands out the same object for the same text) */
const VERDICTS_PER_DOCUMENT = 64;

/**
 * Measures each operation with its variables right before it executes (or subscribes) and answers
 * the limit error instead of running it: no resolver runs, no upstream request is made. The verdict
 * depends only on the document, the operation and the variables, so it is kept per document (a page's
 * query comes with the same few variable sets again and again), the newest VERDICTS_PER_DOCUMENT sets.
 * `measure` is for tests.
 */
export function useCostLimit(measure: typeof measureOperation = measureOperation): Plugin {
  const verdicts = new WeakMap<ExecutionArgs['document'], Map<string, string | null>>();
  const refusal = (args: ExecutionArgs): string | null => {
    let known = verdicts.get(args.document);
    if (!known) {
      known = new Map();
      verdicts.set(args.document, known);
    }
    let key: string;
    try {
      key = `${args.operationName ?? ''}\n${JSON.stringify(args.variableValues ?? {})}`;
    } catch {
      // variables JSON cannot say (a cycle): measure without keeping
      return costVerdict(measure(args.schema, args.document, args.operationName, args.variableValues, COST_MODEL));
    }
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const verdict = costVerdict(
      measure(args.schema, args.document, args.operationName, args.variableValues, COST_MODEL),
    );
    if (known.size >= VERDICTS_PER_DOCUMENT) known.delete(known.keys().next().value!);
    known.set(key, verdict);
    return verdict;
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const message = refusal(args);
      if (message) setResultAndStopExecution({ errors: [limitError(message)] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const message = refusal(args);
      if (message) setResultAndStopExecution({ errors: [limitError(message)] });
    },
  };
}

/** Armor's parse-time rejection reads "Syntax Error: <message>": give it the plain message and our code. */
export function useLimitMessages(): Plugin {
  return {
    onParse() {
      return ({ result, replaceParseResult }) => {
        if (result instanceof Error && result.message === `Syntax Error: ${MESSAGES.tokens}`) {
          replaceParseResult(limitError(MESSAGES.tokens));
        }
      };
    },
  };
}
