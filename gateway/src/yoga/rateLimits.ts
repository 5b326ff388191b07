/**
 * Request rate limits on GraphQL operations (config RATE_LIMIT_*, counted by replicas/rateLimits.ts:
 * in Redis across the replicas, else in the process). Right before an operation executes or subscribes,
 * it is counted
 *   - on the budget of the signed-in user, when the request's `utoken` cookie names one (the viewer the
 *     resolvers will see; a request without a token is not made to resolve one). The organisation's
 *     network identity that a school's whole network is signed in as (the login service's `org<comId>`,
 *     userType 2: upstream/API.md IPAutoLogin) is not one person: there each browser (its tokenUser
 *     guest id) counts as the user;
 *   - on the budget of the client address (http/clientAddress.ts: X-Forwarded-For believed only from
 *     TRUSTED_PROXIES). An address that is itself in TRUSTED_PROXIES (loopback by default) is the
 *     platform's own machinery talking to the gateway without a proxy that names a browser (probes, the
 *     benchmark, a proxy that forgets X-Forwarded-For): it is not limited by address, or a proxy set up
 *     without the header would put every visitor into one budget;
 * and, when the operation is expensive (operationWeight), on the two expensive budgets as well.
 *
 * Over any budget, the operation is not run: the answer is one GraphQL error 请求过于频繁，请稍后再试
 * with extensions.code RATE_LIMITED and retryAfterSeconds; a plain JSON answer is HTTP 429 with
 * Retry-After. An event stream (the web client's graphql-sse requests, /graphql/stream) stays 200 with
 * the error as its event, as other refusals do, because a non-200 stream is only a network failure to the
 * client. Introspection alone is not counted; /healthz, /readyz and /metrics never reach yoga.
 */
import type {
  DocumentNode,
  ExecutionArgs,
  ExecutionResult,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { createGraphQLError, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import type { GatewayContext } from '../context';
import type { TrustTest } from '../http/clientAddress';
import { TOKEN_COOKIE, parseCookies } from '../http/cookies';
import type { Logger } from '../logger';
import type { RateLimits, RateSubject } from '../replicas/rateLimits';
import { isLoggedIn, isPlausibleToken, isSharedIdentity } from '../viewer';

export const RATE_LIMITED = 'RATE_LIMITED';
export const RATE_LIMITED_MESSAGE = '请求过于频繁，请稍后再试';

/** What an operation counts on: nothing (introspection), the general budgets, or the expensive ones too. */
export type OperationWeight = 'free' | 'ordinary' | 'expensive';

/** Query fields that search the catalogue and the knowledge base: the upstream's heaviest reads. */
export const EXPENSIVE_QUERY_FIELDS: ReadonlySet<string> = new Set(['search', 'catalogueSuggestions']);

/**
 * Mutations the web client sends by itself while a person browses or watches (the visit log, the play
 * reports) and leaving: bookkeeping, counted as ordinary operations. Every other mutation writes what a
 * person chose to write (notes, likes, danmaku, clips, the profile, the avatar upload, passwords) and is
 * expensive, a new one included unless it is added here.
 */
export const BOOKKEEPING_MUTATIONS: ReadonlySet<string> = new Set(['recordVisit', 'reportPlay', 'logout']);

/** The root fields an operation selects, through fragments (Relay spreads fragments on Query). */
function rootFields(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === 'Field') names.push(selection.name.value);
    else if (selection.kind === 'InlineFragment') names.push(...rootFields(selection.selectionSet, fragments, seen));
    else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) continue;
      seen.add(name);
      names.push(...rootFields(fragment.selectionSet, fragments, seen));
    }
  }
  return names;
}

/**
 * What one operation of a document weighs: every subscription (a question to the AI holds a stream and
 * the provider's work), a query that searches, and a mutation that writes are expensive (an upload is a
 * mutation that writes); a query of nothing but introspection is free; everything else is ordinary.
 */
export function operationWeight(document: DocumentNode, operationName?: string | null): OperationWeight {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
    else if (definition.kind === 'OperationDefinition') operations.push(definition);
  }
  const operation = operationName
    ? operations.find((candidate) => candidate.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  // graphql-js refuses to execute such a document anyway
  if (!operation) return 'ordinary';
  const fields = rootFields(operation.selectionSet, fragments).filter((name) => name !== '__typename');
  if (operation.operation === 'subscription') return 'expensive';
  if (operation.operation === 'mutation')
    return fields.some((name) => !BOOKKEEPING_MUTATIONS.has(name)) ? 'expensive' : 'ordinary';
  if (fields.every((name) => name.startsWith('__'))) return 'free';
  return fields.some((name) => EXPENSIVE_QUERY_FIELDS.has(name)) ? 'expensive' : 'ordinary';
}

type OperationContext = GatewayContext & Partial<YogaInitialContext>;

/** Whose operation this is, for counting. */
export async function rateSubjectOf(context: OperationContext, trusted: TrustTest): Promise<RateSubject> {
  const address = context.clientAddress && !trusted(context.clientAddress) ? context.clientAddress : null;
  const token = parseCookies(context.request?.headers.get('cookie') ?? undefined)[TOKEN_COOKIE];
  if (!token || !isPlausibleToken(token)) return { user: null, address };
  const viewer = await context.session.viewer();
  if (!isLoggedIn(viewer)) return { user: null, address };
  return { user: isSharedIdentity(viewer) ? `browser:${context.guestId}` : String(viewer.userId), address };
}

/** Whether the answer is plain HTTP (JSON) rather than an event stream. */
function answeredAsJson(request: Request | undefined, streamPath: string): boolean {
  if (!request) return false;
  if (new URL(request.url).pathname === streamPath) return false;
  return !(request.headers.get('accept') ?? '').includes('text/event-stream');
}

export function rateLimitedError(retryAfterMs: number, asJson: boolean) {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  // extensions.http is yoga's: it sets the status and headers of a JSON answer and is left out of the body
  const http = asJson ? { http: { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } } } : {};
  return createGraphQLError(RATE_LIMITED_MESSAGE, { extensions: { code: RATE_LIMITED, retryAfterSeconds, ...http } });
}

export interface RateLimitPluginOptions {
  limits: RateLimits;
  /** TRUSTED_PROXIES: such an address is not limited by address (see the header) */
  trusted: TrustTest;
  /** the graphql-sse endpoint: its answers are event streams */
  streamPath: string;
  logger: Logger;
}

export function useRateLimits({ limits, trusted, streamPath, logger }: RateLimitPluginOptions): Plugin {
  const refusal = async (args: ExecutionArgs): Promise<ExecutionResult | null> => {
    const weight = operationWeight(args.document, args.operationName);
    if (weight === 'free') return null;
    const context = args.contextValue as OperationContext;
    const verdict = await limits.consume(await rateSubjectOf(context, trusted), weight === 'expensive');
    if (verdict.allowed) return null;
    logger.debug(`rate limited: ${verdict.budget} spent, ${args.operationName ?? 'anonymous'} refused`);
    return { errors: [rateLimitedError(verdict.retryAfterMs, answeredAsJson(context.request, streamPath))] };
  };
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const refused = await refusal(args);
      if (refused) setResultAndStopExecution(refused);
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const refused = await refusal(args);
      if (refused) setResultAndStopExecution(refused);
    },
  };
}
