/**
 * The end user's address. X-Forwarded-For is believed only when the socket peer is a trusted
 * proxy (TRUSTED_PROXIES); then the chain is walked from the right, skipping trusted hops, and
 * the first untrusted address is the client. Anyone else could write any address there, and the
 * upstream uses it for network recognition (organisations own IP ranges).
 */
import { BlockList, isIP } from 'node:net';

export type TrustTest = (address: string) => boolean;

function normalise(address: string): string {
  const trimmed = address.trim();
  // IPv4 peers on a dual-stack socket show up as ::ffff:a.b.c.d
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

export function createTrustTest(entries: string[]): TrustTest {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (!address || family === 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) {
      list.addAddress(address, type);
    } else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 6 ? 128 : 32))
        throw new Error(`TRUSTED_PROXIES: bad prefix in "${entry}"`);
      list.addSubnet(address, bits, type);
    }
  }
  return (address) => {
    const normal = normalise(address);
    const family = isIP(normal);
    if (family === 0) return false;
    return list.check(normal, family === 6 ? 'ipv6' : 'ipv4');
  };
}

export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustTest,
): string | null {
  if (!peer) return null;
  let client = normalise(peer);
  if (!trusted(client) || forwardedFor === undefined) return client;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map(normalise)
    .filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]!;
    if (isIP(hop) === 0) break; // garbage: stop believing the chain, keep the last good address
    client = hop;
    if (!trusted(hop)) break;
  }
  return client;
}

/**
 * Whether the browser reached us over https: the socket is TLS, or a trusted proxy says so in
 * X-Forwarded-Proto (its first entry). Anyone else's header is ignored.
 */
export function isHttpsRequest(
  peer: string | undefined,
  encrypted: boolean,
  forwardedProto: string | string[] | undefined | null,
  trusted: TrustTest,
): boolean {
  if (encrypted) return true;
  if (!peer || !trusted(peer)) return false;
  const value = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto;
  return value?.split(',')[0]?.trim().toLowerCase() === 'https';
}
