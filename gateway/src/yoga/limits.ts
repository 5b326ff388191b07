/**
 * Limits on what one operation may ask, enforced before execution by graphql-armor (one graphql
 * copy: graphql 16, see NOTES.md). Depth and cost are measured with fragments flattened, i.e. on
 * the shape of the data asked for: Relay builds every page query from nested fragments, and
 * counting each spread as a level would make the web app's own home query look 10 deep and
 * cost 14 700 instead of 4 deep and 4 300.
 * Values (measured on the web app's queries: HomeQuery depth 4 / cost ≈ 4 300, CatalogQuery
 * 4 / ≈ 2 000, pagination queries 4 / ≈ 100):
 *  - depth 10: room for the play page's nesting, refuses parent{parent{...}} and course→author→courses chains
 *  - cost 20 000 (objects 2, scalars 1, ×1.5 a level, × the literal `first` of a list): ≈ 4.5× the home page;
 *    nested connections (courses(first: 100) { ... relatedCourses(first: 100) }) blow through it
 *  - aliases 30: Relay aliases a field only when it is asked twice with other arguments
 *  - tokens 6 000: the home query with all its fragments is about 600
 *  - directives 50: Relay's @include/@skip on conditional fragments
 * Field suggestions ("Did you mean ...") leak the schema: blocked when introspection is off.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLError, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

export const QUERY_LIMITS = {
  maxDepth: 10,
  maxCost: 20_000,
  maxAliases: 30,
  maxTokens: 6_000,
  maxDirectives: 50,
} as const;

const MESSAGES = {
  depth: `查询嵌套过深（最多 ${QUERY_LIMITS.maxDepth} 层）`,
  cost: `查询过于复杂（复杂度上限 ${QUERY_LIMITS.maxCost}）`,
  aliases: `查询使用的别名过多（最多 ${QUERY_LIMITS.maxAliases} 个）`,
  tokens: `查询过长（最多 ${QUERY_LIMITS.maxTokens} 个词法单元）`,
  directives: `查询使用的指令过多（最多 ${QUERY_LIMITS.maxDirectives} 个）`,
} as const;

export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

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
    costLimit: { maxCost: QUERY_LIMITS.maxCost, flattenFragments: true, ...reportAs(MESSAGES.cost) },
    maxAliases: { n: QUERY_LIMITS.maxAliases, ...reportAs(MESSAGES.aliases) },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives, ...reportAs(MESSAGES.directives) },
    // the token limit works while parsing, where there is no validation context: it throws
    maxTokens: { n: QUERY_LIMITS.maxTokens, exposeLimits: false, errorMessage: MESSAGES.tokens },
    blockFieldSuggestion: { enabled: options.blockFieldSuggestions },
  }) as Plugin;
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
