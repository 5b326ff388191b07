/**
 * The per-request frame both upstream servers share: a debug line per answer (path only: query
 * values belong to users and carry tokens; headers carry the sign), and every failure turned
 * into an envelope: an ApiError as itself, anything else as 500 服务器内部错误 with the error
 * logged, never a stack on the wire.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { ApiError, Code, MESSAGES, sendEnvelope, sendError } from './envelope';

export function serveEnvelopes(
  logger: Logger,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        logger.error(`failure after the answer started: ${req.method} ${path}`, error);
        res.destroy();
        return;
      }
      if (error instanceof ApiError) {
        // no Connection: close for a refused body (413): body.ts lingers, then cuts the connection,
        // so that the client can read this answer before it does
        sendError(res, error);
        return;
      }
      logger.error(`unexpected failure in ${req.method} ${path}`, error);
      sendEnvelope(res, 500, { code: Code.internal, message: MESSAGES.internal, items: null });
    });
  };
}
