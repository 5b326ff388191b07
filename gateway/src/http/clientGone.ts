/**
 * A client that goes away mid-answer (a closed tab, a cancelled navigation, a browser dropping a
 * preload it no longer needs) is ordinary traffic, not a fault of the gateway: the write fails
 * with one of these codes, and the response is destroyed by then. The same codes on a response
 * still open come from something else (a source stream) and stay errors.
 */
import type { ServerResponse } from 'node:http';

const CLIENT_GONE_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_DESTROYED',
]);

/** The code of a client disconnect, or null when the error is something else. */
export function clientDisconnectCode(error: unknown, res: ServerResponse): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !CLIENT_GONE_CODES.has(code)) return null;
  const gone = res.destroyed || res.socket === null || res.socket.destroyed;
  return gone && !res.writableFinished ? code : null;
}
