/**
 * `npm run start:cluster`: the scaled topology on one machine (ARCHITECTURE.md "Scaled
 * topology"): 2 gateways, 2 main APIs, 1 login service and 1 job worker on PostgreSQL
 * (DATABASE_URL) and Redis (REDIS_URL), behind nginx (Debian's package) as the load balancer.
 * The replicas share nothing but PostgreSQL, Redis and DATA_DIR/media.
 *
 *   browser ─▶ nginx :PORT ─────────▶ gateway :PORT+1, :PORT+2 ─┐
 *              nginx :UPSTREAM_PORT ◀─────────────────────────────┤─▶ main API :UPSTREAM_PORT+1, +2 (JOB_WORKER=false)
 *              nginx :LOGIN_PORT    ◀─────────────────────────────┘─▶ login service :LOGIN_PORT+1
 *                                                                    job worker (the background jobs)
 *
 * nginx passes the client's address on (X-Forwarded-For: the gateways trust loopback), never
 * buffers (the AI answers stream over SSE) and tries another replica only when a connection
 * could not be made (a signed request is usable once: one that reached a main API is never sent
 * to the other). Its configuration and logs are written under DATA_DIR/cluster. Each child is kept
 * up by the supervisor (cli/supervisor.ts); SIGINT or SIGTERM stops them all.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSupervisor, repoRoot, tsxArgs } from './supervisor';

const port = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const PORT = port('PORT', 4000);
const UPSTREAM_PORT = port('UPSTREAM_PORT', 5100);
const LOGIN_PORT = port('LOGIN_PORT', 5200);
const HOST = process.env.HOST ?? '127.0.0.1';
const DATA_DIR = path.resolve(repoRoot, process.env.DATA_DIR ?? 'data');
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

/** the replicas' own ports: the next ones after the balanced port unless named (CLUSTER_GATEWAY_PORTS=a,b ...) */
const ports = (name: string, fallback: number[]): number[] =>
  process.env[name] ? process.env[name].split(',').map((p) => Number(p.trim())) : fallback;
const gateways = ports('CLUSTER_GATEWAY_PORTS', [PORT + 1, PORT + 2]);
const mainApis = ports('CLUSTER_MAIN_API_PORTS', [UPSTREAM_PORT + 1, UPSTREAM_PORT + 2]);
const loginPort = ports('CLUSTER_LOGIN_PORT', [LOGIN_PORT + 1])[0]!;

const env = {
  ...process.env,
  DATA_DIR,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  // the replicas reach each other through the load balancer
  UPSTREAM_URL: `http://127.0.0.1:${UPSTREAM_PORT}`,
  LOGIN_URL: `http://127.0.0.1:${LOGIN_PORT}`,
};

/** the load balancer's configuration: one server block per tier */
export function nginxConfig(prefix: string): string {
  const proxy = (passClientAddress: string) => `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For ${passClientAddress};
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
      proxy_next_upstream error;`;
  const servers = (ports: number[]) => ports.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join(' ');
  return `# written by npm run start:cluster (upstream/cli/cluster.ts); changes are lost at the next start
${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_max_body_size 20m;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  upstream gateways { ${servers(gateways)} keepalive 64; }
  upstream main_apis { ${servers(mainApis)} keepalive 64; }
  upstream login_service { server 127.0.0.1:${loginPort}; keepalive 16; }
  # the platform: browsers, whose address the gateways read from X-Forwarded-For
  server {
    listen ${HOST}:${PORT};
    location / {
      proxy_pass http://gateways;${proxy('$proxy_add_x_forwarded_for')}
    }
  }
  # the main API: the gateways' signed calls, with the address they vouch for passed on as sent
  server {
    listen 127.0.0.1:${UPSTREAM_PORT};
    location / {
      proxy_pass http://main_apis;${proxy('$http_x_forwarded_for')}
    }
  }
  # the login service: the gateways' calls and the login page the browser opens
  server {
    listen ${HOST}:${LOGIN_PORT};
    location / {
      proxy_pass http://login_service;${proxy('$proxy_add_x_forwarded_for')}
    }
  }
}
`;
}

const supervisor = createSupervisor('cluster', env);

async function main(): Promise<void> {
  process.on('SIGINT', () => void supervisor.shutdown(0));
  process.on('SIGTERM', () => void supervisor.shutdown(0));
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    throw new Error(
      'the cluster runs on PostgreSQL and Redis: set DATABASE_URL=postgres://… and REDIS_URL=redis://… ' +
        '(e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/sizheng REDIS_URL=redis://127.0.0.1:6379)',
    );
  }
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    supervisor.log('web app not built yet: building it once (npm run build)');
    await supervisor.run('npm', ['run', 'build'], 'npm run build');
  }
  const prefix = path.join(DATA_DIR, 'cluster');
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
    mkdirSync(path.join(prefix, dir), { recursive: true });
  const config = path.join(prefix, 'nginx.conf');
  writeFileSync(config, nginxConfig(prefix));
  supervisor.start({
    name: 'nginx',
    command: NGINX,
    args: ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', config, '-g', 'daemon off;'],
  });

  supervisor.start({
    name: 'login',
    args: tsxArgs(path.join(repoRoot, 'upstream/cli/login-service.ts')),
    env: { LOGIN_PORT: String(loginPort) },
    healthUrl: `http://127.0.0.1:${loginPort}/healthz`,
  });
  mainApis.forEach((p, i) =>
    supervisor.start({
      name: `main-api-${i + 1}`,
      args: tsxArgs(path.join(repoRoot, 'upstream/cli/main-api.ts')),
      env: { UPSTREAM_PORT: String(p), JOB_WORKER: 'false' },
      healthUrl: `http://127.0.0.1:${p}/healthz`,
    }),
  );
  // the first main API to start seeds an empty database (the others find it seeded)
  await Promise.all([
    supervisor.waitHealthy('login', 120_000),
    ...mainApis.map((_, i) => supervisor.waitHealthy(`main-api-${i + 1}`, 300_000)),
  ]);
  supervisor.start({ name: 'worker', args: tsxArgs(path.join(repoRoot, 'upstream/cli/worker.ts')) });
  gateways.forEach((p, i) =>
    supervisor.start({
      name: `gateway-${i + 1}`,
      args: tsxArgs(path.join(repoRoot, 'gateway/src/main.ts')),
      env: { PORT: String(p) },
      healthUrl: `http://127.0.0.1:${p}/healthz`,
    }),
  );
  await Promise.all(gateways.map((_, i) => supervisor.waitHealthy(`gateway-${i + 1}`, 120_000)));
  supervisor.log(
    `思政云课堂 (cluster) is running: http://localhost:${PORT}/ (2 gateways, 2 main APIs, 1 login service, 1 job worker behind nginx)`,
  );
}

main().catch((error: unknown) => {
  supervisor.log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  void supervisor.shutdown(1);
});
