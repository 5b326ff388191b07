/**
 * The end user's address: the first X-Forwarded-For entry set by the signed gateway, else the
 * socket's peer. The main API only answers signed callers, so the header is trusted here.
 */
import type { IncomingMessage } from 'node:http';

function normalise(address: string): string {
  const trimmed = address.trim();
  // IPv4 peers on a dual-stack socket appear as ::ffff:a.b.c.d
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

export function clientAddress(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.trim();
  if (first) return normalise(first);
  return normalise(req.socket.remoteAddress ?? '');
}
