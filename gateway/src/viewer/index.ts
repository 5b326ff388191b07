/**
 * Who is asking: the viewer (viewer.ts), worked out per request from the `utoken` cookie by the
 * session (session.ts), with the login service's answers cached briefly for every request (cache.ts).
 */
export * from './viewer';
export * from './cache';
export * from './session';
