/** Login tokens: 32 random bytes, base64url, handed out once; the store keeps only their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** the shape of a token we issue; anything else is refused without a store lookup */
export const looksLikeToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
