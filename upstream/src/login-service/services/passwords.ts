/**
 * Password hashing with scrypt (memory-hard): "scrypt$N$r$p$salt$hash", salt and hash base64url.
 * The parameters travel with each hash so they can be raised later without breaking old
 * hashes; verification compares in constant time.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** scrypt needs 128·N·r bytes (32 MiB at these settings); Node's default cap is exactly that, so allow twice */
const maxmemFor = (N: number, r: number) => 256 * N * r;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const encode = (N: number, r: number, p: number, salt: Buffer, key: Buffer) =>
  `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LENGTH);
  return encode(N, r, p, salt, await derive(password, salt, N, r, p, KEY_LENGTH));
}

/** the same, blocking: for the admin command line, which does nothing else meanwhile */
export function hashPasswordSync(password: string): string {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LENGTH);
  const key = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return encode(N, r, p, salt, key);
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^scrypt\$([0-9]+)\$([0-9]+)\$([0-9]+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // refuse parameters that would make one verification a denial of service
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { N, r, p, salt: Buffer.from(match[4]!, 'base64url'), key: Buffer.from(match[5]!, 'base64url') };
}

/** A hash of nothing anyone knows: unknown accounts are checked against it so they take as long. */
const DUMMY_HASH = hashPasswordSync(randomBytes(24).toString('base64url'));

/** true when `password` matches `stored`; a null or malformed hash never matches (but costs the same time) */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored ?? '') ?? parseHash(DUMMY_HASH)!;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p, parsed.key.length);
  const same = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  return same && stored !== null && parseHash(stored) !== null;
}

/** The minimum strength: a Chinese sentence saying what is wrong, or null when acceptable. */
export function passwordWeakness(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `密码至少 ${PASSWORD_MIN_LENGTH} 位，且须同时包含字母和数字`;
  if ([...password].length > PASSWORD_MAX_LENGTH) return `密码不能超过 ${PASSWORD_MAX_LENGTH} 位`;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return '密码须同时包含字母和数字';
  return null;
}
