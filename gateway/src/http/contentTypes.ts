/** The file types a Vite build and GraphiQL produce. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

export function contentTypeOf(extension: string): string {
  return TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
}

/** Worth gzipping on the fly: text. Images, fonts and video are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|manifest\+json|wasm)|image\/svg\+xml)/.test(contentType);
}

/** An extension a build output file has (except .html: page paths are answered by index.html). */
export function isStaticFileType(extension: string): boolean {
  const lower = extension.toLowerCase();
  return lower !== '' && lower !== '.html' && lower in TYPES;
}
