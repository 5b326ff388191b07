/**
 * A signed multipart/form-data POST as the gateway sends an upload (upstream/API.md "Transport"):
 * the sign covers the ordinary fields only (a fresh nonce and the client's aud among them), never the files. Written from the contract, like
 * client.ts, not from the server's code.
 */
import { signParams, withNonce, type Envelope, type RequestTweaks, type UpstreamClient } from './client';

export interface UploadPart {
  field: string;
  bytes: Uint8Array;
  fileName: string;
  type?: string;
}

export interface MultipartResponse<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export async function postMultipart<T = unknown>(
  client: UpstreamClient,
  path: string,
  fields: Record<string, string>,
  files: UploadPart[],
  tweaks: RequestTweaks = {},
): Promise<MultipartResponse<T>> {
  const pairs = Object.entries(withNonce(fields, tweaks, client.audience));
  const timespan = tweaks.timespan ?? String(Math.floor(Date.now() / 1000));
  const form = new FormData();
  for (const [key, value] of pairs) form.append(key, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'application/octet-stream' }),
      file.fileName,
    );
  }
  const headers: Record<string, string> = {
    timespan,
    sign: tweaks.sign ?? signParams(pairs, timespan, client.secret, client.algorithm),
    ...tweaks.headers,
  };
  if (tweaks.productId !== null) headers.productId = tweaks.productId ?? '1';
  const res = await fetch(`${client.baseUrl}${path}`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}
