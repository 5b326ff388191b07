/** Starting and stopping a node:http server the same way for every upstream process. */
import type { Server } from 'node:http';

export interface RunningServer {
  port: number;
  /** loopback URL of the server (also when it listens on every interface) */
  url: string;
  close(): Promise<void>;
}

/** How long close() lets requests in flight finish before cutting their connections. */
const CLOSE_GRACE_MS = 3000;

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

export function listen(server: Server, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      let closing: Promise<void> | null = null;
      resolve({
        port: actualPort,
        url: `http://${urlHost(host)}:${actualPort}`,
        close: () => {
          closing ??= new Promise<void>((done, fail) => {
            const timer = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
            timer.unref();
            server.close((error) => {
              clearTimeout(timer);
              if (error) fail(error);
              else done();
            });
            server.closeIdleConnections();
          });
          return closing;
        },
      });
    });
  });
}
