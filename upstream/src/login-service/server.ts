/**
 * The login service's process (LOGIN_PORT). For now a shell: health, a placeholder login page,
 * and "unknown path" for the /UserCenterApi/* calls that arrive with issue 3.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../config';
import { Code, MESSAGES, sendEnvelope, sendJson } from '../http/envelope';
import { listen, type RunningServer } from '../http/listen';
import { createLogger, type Logger } from '../logger';

export interface LoginServiceOptions {
  config: UpstreamConfig;
  /** overrides config.loginPort (0 = a free port) */
  port?: number;
  logger?: Logger;
}

const LOGIN_PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>登录页（建设中） - 思政云课堂</title>
<style>
  body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0;
         display: flex; min-height: 100vh; align-items: center; justify-content: center; background: #f5f6f8; color: #333; }
  main { background: #fff; padding: 40px 48px; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); text-align: center; }
  h1 { font-size: 22px; margin: 0 0 12px; color: #b71c1c; }
  p { margin: 6px 0; line-height: 1.7; }
</style>
</head>
<body>
<main>
  <h1>登录页（建设中）</h1>
  <p>这是思政云课堂登录服务的登录页，账号登录功能正在建设中。</p>
  <p>在学校或图书馆网络内访问时，系统将自动识别并登录。</p>
</main>
</body>
</html>
`;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const pathname = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  if (pathname === '/healthz' && readOnly) {
    sendJson(res, 200, { status: 'ok' });
    return;
  }
  if (pathname.toLowerCase() === '/login' && readOnly) {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(LOGIN_PAGE),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.end(req.method === 'HEAD' ? undefined : LOGIN_PAGE);
    return;
  }
  sendEnvelope(res, 404, { code: Code.notFound, message: MESSAGES.unknownPath, items: null });
}

export function startLoginService(options: LoginServiceOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.config.logLevel, 'login-service');
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      logger.error('unexpected failure', error);
      if (!res.headersSent) sendEnvelope(res, 500, { code: Code.internal, message: MESSAGES.internal, items: null });
      else res.destroy();
    }
    res.on('finish', () => logger.debug(`${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode}`));
  });
  return listen(server, options.config.host, options.port ?? options.config.loginPort);
}
