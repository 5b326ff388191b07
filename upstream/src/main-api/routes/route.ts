/** What a route is: a method, a path and a handler from validated parameters to an envelope. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../../config';
import { badParameter, Code, MESSAGES, type Envelope } from '../../http/envelope';
import type { Params } from '../../http/params';
import type { Services } from '../services';

export interface RequestContext {
  params: Params;
  /** the end user's address (X-Forwarded-For from the gateway, else the socket) */
  clientIp: string;
}

/** An answer that is not an envelope (MakePng's image): sent as it is with status 200. */
export interface RawAnswer {
  readonly raw: true;
  readonly contentType: string;
  readonly body: Buffer;
}

/**
 * An answer that takes over the response (flowQuestion's event stream): the handler has judged
 * everything it refuses as an envelope; send writes the status, headers and body itself.
 */
export interface StreamAnswer {
  readonly stream: true;
  send(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export type Answer = Envelope | RawAnswer | StreamAnswer;

export const isRawAnswer = (answer: Answer): answer is RawAnswer => (answer as RawAnswer).raw === true;
export const isStreamAnswer = (answer: Answer): answer is StreamAnswer => (answer as StreamAnswer).stream === true;

export interface Route {
  method: 'GET' | 'POST';
  /** as in upstream/API.md; matched case-insensitively, a trailing slash ignored */
  path: string;
  /** most answer at once; a few wait for work outside the event loop (ClipVideo's cut, MakePng's image) */
  handle(context: RequestContext): Answer | Promise<Answer>;
}

export type RouteGroup = (services: Services, config: UpstreamConfig) => Route[];

/** a read's envelope around the service's answer (services answer promises: they wait on the store) */
export const read = async <T>(items: T | Promise<T>): Promise<Envelope<T>> => ({
  code: Code.ok,
  message: MESSAGES.ok,
  items: await items,
});
export const done = async <T>(items: T | Promise<T>): Promise<Envelope<T>> => ({
  code: Code.done,
  message: MESSAGES.done,
  items: await items,
});

/** comId: the site's organisation (0 on the public site); validated, the demo content is shared */
export const readComId = (params: Params): number => params.optionalId('comId');

/** productId as a parameter: when sent, it must be the product this deployment serves */
export function checkProductId(params: Params, config: UpstreamConfig): void {
  const productId = params.optionalInt('productId', { min: 0 });
  if (productId !== undefined && productId !== config.productId) {
    throw badParameter(`参数 productId 必须是 ${config.productId}`);
  }
}
