/**
 * IP ranges in CIDR notation, IPv4 and IPv6, with exact prefix arithmetic on 128-bit values.
 * IPv4 is handled as IPv4-mapped IPv6 (::ffff:a.b.c.d, prefix + 96), so 10.20.0.0/16 also
 * matches a client seen as ::ffff:10.20.3.4 on a dual-stack socket, and one comparison serves
 * both families.
 */
import { isIP } from 'node:net';

export interface Cidr {
  /** canonical text: the network address and the prefix as written for its family */
  text: string;
  /** the network as a 128-bit value (IPv4 mapped into ::ffff:0:0/96) */
  network: bigint;
  /** prefix length in the 128-bit space */
  prefix: number;
}

const MAPPED_V4 = 0xffffn << 32n;
const ALL_BITS = (1n << 128n) - 1n;

function parseV4(text: string): bigint | null {
  if (isIP(text) !== 4) return null;
  return text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function parseV6(text: string): bigint | null {
  if (text.includes('%') || isIP(text) !== 6) return null;
  let source = text.toLowerCase();
  // an embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets
  const lastColon = source.lastIndexOf(':');
  const tail = source.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseV4(tail);
    if (v4 === null) return null;
    source = `${source.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, rest] = source.split('::') as [string, string | undefined];
  const headParts = head === '' ? [] : head.split(':');
  const restParts = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - headParts.length - restParts.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const parts = [...headParts, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restParts];
  return parts.reduce((value, part) => (value << 16n) | BigInt(parseInt(part, 16)), 0n);
}

/** An address as a 128-bit value (IPv4 mapped), or null when it is not an IP address. */
export function parseAddress(address: string): bigint | null {
  const text = address.trim();
  const v4 = parseV4(text);
  if (v4 !== null) return MAPPED_V4 | v4;
  return parseV6(text);
}

const mask = (prefix: number): bigint => (prefix === 0 ? 0n : (ALL_BITS << BigInt(128 - prefix)) & ALL_BITS);

function formatV4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

function formatV6(value: bigint): string {
  const parts = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // the longest run (≥ 2) of zero groups becomes "::"
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (parts[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && parts[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = parts.map((part) => part.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export class CidrError extends Error {
  override name = 'CidrError';
}

/**
 * Parses "a.b.c.d/n", "x:y::/n" or a bare address (a single-address range). Host bits must be
 * zero: "10.20.1.5/16" is refused with the network it probably meant, instead of silently
 * widening or narrowing what an operator typed.
 */
export function parseCidr(input: string): Cidr {
  const text = input.trim();
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const prefixText = slash < 0 ? undefined : text.slice(slash + 1);
  const v4 = parseV4(addressText);
  const v6 = v4 === null ? parseV6(addressText) : null;
  if (v4 === null && v6 === null)
    throw new CidrError(`"${input}" 不是有效的 IP 地址段（CIDR），例如 10.20.0.0/16 或 2001:db8::/32`);
  const familyBits = v4 !== null ? 32 : 128;
  if (prefixText !== undefined && !/^[0-9]{1,3}$/.test(prefixText)) {
    throw new CidrError(`"${input}" 的前缀长度无效，应为 0 到 ${familyBits} 的整数`);
  }
  const familyPrefix = prefixText === undefined ? familyBits : Number(prefixText);
  if (familyPrefix > familyBits) throw new CidrError(`"${input}" 的前缀长度无效，应为 0 到 ${familyBits} 的整数`);
  const value = v4 !== null ? MAPPED_V4 | v4 : v6!;
  const prefix = v4 !== null ? familyPrefix + 96 : familyPrefix;
  const network = value & mask(prefix);
  const canonicalAddress = v4 !== null ? formatV4(network & 0xffffffffn) : formatV6(network);
  const canonical = `${canonicalAddress}/${familyPrefix}`;
  if (network !== value) throw new CidrError(`"${input}" 的主机位不为 0，应写作 ${canonical}`);
  return { text: canonical, network, prefix };
}

export function cidrContains(cidr: Cidr, address: bigint): boolean {
  return (address & mask(cidr.prefix)) === cidr.network;
}

/**
 * The block of addresses one subscriber holds, as text: an IPv4 address itself (also when seen
 * IPv4-mapped), an IPv6 address's /64 (a home or a phone is handed a whole /64 and its devices
 * take new addresses in it all the time, so one address would be a different key every hour, and a
 * guesser could take a fresh one for every attempt). Text that is no address is returned trimmed.
 */
export function subscriberBlock(address: string): string {
  const value = parseAddress(address);
  if (value === null) return address.trim();
  if (value >> 32n === 0xffffn) return formatV4(value & 0xffffffffn);
  return `${formatV6(value & mask(64))}/64`;
}

/** A matcher over a list of CIDRs (e.g. TRUSTED_PROXIES). */
export function addressMatcher(cidrs: readonly string[]): (address: string) => boolean {
  const parsed = cidrs.map(parseCidr);
  return (address) => {
    const value = parseAddress(address);
    return value !== null && parsed.some((cidr) => cidrContains(cidr, value));
  };
}
