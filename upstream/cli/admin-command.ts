/**
 * The admin command line (its commands: admin.ts, which starts it as `npm run admin`), as a function
 * of its arguments and CommandIo: prints JSON on stdout (never a password hash), a message on stderr
 * and exit code 1 for bad input.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadUpstreamConfig } from '../src/config';
import { CidrError } from '../src/http/cidr';
import {
  AccountError,
  createOrganisation,
  createUser,
  organisationJson,
  resetPassword,
  setOrganisationEnabled,
  setUserEnabled,
  userJson,
} from '../src/login-service/services/accounts';
import { openStore, type PasswordResetRecord, type Store } from '../src/store';
import { openConfiguredStore } from '../src/store/open';
import { jobsSchemaOf, openJobQueue } from '../src/jobs/queue';
import { BACKGROUND_JOBS, JOBS_RUN_BY_NAME } from '../src/main-api/background';
import type { CommandIo } from './command-io';
import { runAsJob } from './job-client';
import { connectPostgres } from '../src/store/postgres';
import { copySqliteToPostgres } from '../src/store/postgres/copy-from-sqlite';
import { migratePostgres } from '../src/store/postgres/migrations';

const USAGE = `用法 / usage: npm run admin -- <command>
  user add --username U --password P --type 1|2 [--org COMID] [--real-name NAME]
  user list
  user disable --username U
  user enable --username U
  user reset-password --username U --password P
  user reset-requests [--all] [--done ID]
  org add --name N --ip-ranges CIDR[,CIDR...] [--gid GID] [--code COMCODE]
  org list
  org disable --id COMID
  org enable --id COMID
  jobs [--name NAME]       后台任务（仅 PostgreSQL）：最近的运行、状态、重试、进度、结果
                           (background jobs, PostgreSQL only: the newest runs, state, retries, progress, outcome)
  jobs show ID
  jobs run NAME [--wait]   立即运行一次 (a run now; --wait follows it): ${JOBS_RUN_BY_NAME.join(', ')}
                           媒体导入用 npm run media:import；search:rebuild、ai:knowledge:rebuild 也排队为任务
                           (media imports: npm run media:import; the rebuild CLIs queue their jobs too)
  migrate-to-postgres [--from DATA_DIR]   (DATABASE_URL=postgres://… names the empty target)`;

class UsageError extends Error {}

const OPTIONS = {
  username: { type: 'string' },
  password: { type: 'string' },
  type: { type: 'string' },
  org: { type: 'string' },
  'real-name': { type: 'string' },
  name: { type: 'string' },
  'ip-ranges': { type: 'string' },
  gid: { type: 'string' },
  code: { type: 'string' },
  id: { type: 'string' },
  all: { type: 'boolean' },
  done: { type: 'string' },
  from: { type: 'string' },
  wait: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`缺少参数 --${name} (missing --${name})`);
  return value;
}

function resetRequestJson(request: PasswordResetRecord) {
  return {
    id: request.id,
    userName: request.userName,
    contact: request.contact,
    clientIp: request.clientIp,
    createdAt: new Date(request.createdAt).toISOString(),
    handledAt: request.handledAt === null ? null : new Date(request.handledAt).toISOString(),
  };
}

function positiveId(text: string, name: string): number {
  if (!/^[0-9]{1,15}$/.test(text.trim()) || Number(text) < 1)
    throw new UsageError(`--${name} 必须是正整数 (must be a positive integer)`);
  return Number(text);
}

async function run(store: Store, positionals: string[], values: Values): Promise<unknown> {
  const [entity, action, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`多余的参数 (unexpected arguments): ${extra.join(' ')}`);
  const now = Date.now();
  const command = `${entity ?? ''} ${action ?? ''}`.trim();
  switch (command) {
    case 'user add': {
      const type = required(values, 'type').trim();
      if (type !== '1' && type !== '2')
        throw new UsageError('--type 只能是 1（个人）或 2（机构成员） (must be 1 or 2)');
      const user = await createUser(
        store,
        {
          userName: required(values, 'username'),
          password: required(values, 'password'),
          userType: type === '1' ? 1 : 2,
          comId: values.org === undefined ? null : positiveId(values.org, 'org'),
          realName: values['real-name'],
        },
        now,
      );
      return userJson(store, user);
    }
    case 'user list':
      return Promise.all((await store.users.list()).map((user) => userJson(store, user)));
    case 'user disable':
    case 'user enable':
      return userJson(store, await setUserEnabled(store, required(values, 'username'), action === 'enable'));
    case 'user reset-password':
      return userJson(store, await resetPassword(store, required(values, 'username'), required(values, 'password')));
    case 'user reset-requests': {
      if (values.done !== undefined) {
        const id = positiveId(values.done, 'done');
        if (!(await store.passwordResets.markHandled(id, now)))
          throw new UsageError(`找回密码申请 ${id} 不存在或已处理 (no such open request)`);
        return resetRequestJson((await store.passwordResets.get(id))!);
      }
      return (await store.passwordResets.list({ includeHandled: values.all === true })).map(resetRequestJson);
    }
    case 'org add': {
      const ranges = required(values, 'ip-ranges')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const org = await createOrganisation(
        store,
        { name: required(values, 'name'), ipRanges: ranges, gid: values.gid, comCode: values.code },
        now,
      );
      return organisationJson(org);
    }
    case 'org list':
      return (await store.organisations.list()).map(organisationJson);
    case 'org disable':
    case 'org enable':
      return organisationJson(
        await setOrganisationEnabled(store, positiveId(required(values, 'id'), 'id'), action === 'enable'),
      );
    default:
      throw new UsageError(command ? `未知命令 (unknown command): ${command}` : '缺少命令 (missing command)');
  }
}

/** runs one admin command (the arguments after `npm run admin --`); answers the exit code */
export async function runAdmin(args: string[], io: CommandIo): Promise<number> {
  try {
    return await admin(args, io);
  } catch (error) {
    const message =
      error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    io.stderr.write(`admin failed: ${message}\n`);
    return 1;
  }
}

async function admin(args: string[], io: CommandIo): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 1;
  }
  if (parsed.values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadUpstreamConfig(io.env);
  if (parsed.positionals.join(' ') === 'migrate-to-postgres')
    return migrateToPostgres(parsed.values.from ?? config.dataDir, io);
  if (parsed.positionals[0] === 'jobs') return jobs(config.databaseUrl, parsed.positionals.slice(1), parsed.values, io);
  const store = await openConfiguredStore(config);
  try {
    const result = await run(store, parsed.positionals, parsed.values);
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`错误 (error): ${error.message}\n${USAGE}\n`);
      return 1;
    }
    if (error instanceof AccountError || error instanceof CidrError) {
      io.stderr.write(`错误 (error): ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

/** lists the background jobs, shows one, or asks for a run (PostgreSQL only: the embedded default runs them in its processes) */
async function jobs(databaseUrl: string | null, args: string[], values: Values, io: CommandIo): Promise<number> {
  if (!databaseUrl) {
    io.stderr.write(
      '错误 (error): 后台任务只在 PostgreSQL 上排队，请设置 DATABASE_URL（内置 SQLite 在主 API 进程内定时运行） (jobs need DATABASE_URL)\n',
    );
    return 1;
  }
  const [action, argument, ...extra] = args;
  const known =
    action === undefined || ((action === 'run' || action === 'show') && argument !== undefined && extra.length === 0);
  if (!known) {
    io.stderr.write(`错误 (error): 未知命令 (unknown command): jobs ${args.join(' ')}\n${USAGE}\n`);
    return 1;
  }
  if (action === 'run') {
    if (!JOBS_RUN_BY_NAME.includes(argument!)) {
      const hint =
        argument === BACKGROUND_JOBS.mediaImport.name
          ? '媒体导入请用 npm run media:import -- <folder> (use npm run media:import); '
          : '';
      io.stderr.write(
        `错误 (error): 没有这个后台任务 (no such job): ${argument}; ${hint}可用 (known): ${JOBS_RUN_BY_NAME.join(', ')}\n`,
      );
      return 1;
    }
    return runAsJob({ databaseUrl, name: argument!, wait: values.wait === true, out: io.stdout, err: io.stderr });
  }
  const queue = await openJobQueue(databaseUrl, { passive: true, schema: jobsSchemaOf(databaseUrl) });
  try {
    if (action === 'show') {
      const job = await queue.get(argument!);
      if (!job) {
        io.stderr.write(`错误 (error): 没有这个任务 (no such job): ${argument}\n`);
        return 1;
      }
      io.stdout.write(`${JSON.stringify(job, null, 2)}\n`);
      return 0;
    }
    io.stdout.write(`${JSON.stringify(await queue.list(30, values.name), null, 2)}\n`);
    return 0;
  } finally {
    await queue.stop();
  }
}

/** copies the SQLite platform at dataDir into the PostgreSQL database at DATABASE_URL */
async function migrateToPostgres(dataDir: string, io: CommandIo): Promise<number> {
  const url = io.env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(url)) {
    io.stderr.write(`错误 (error): 请用 DATABASE_URL=postgres://… 指定目标数据库 (set DATABASE_URL)\n${USAGE}\n`);
    return 1;
  }
  const store = openStore(dataDir);
  const connection = connectPostgres(url, { poolSize: 2 });
  try {
    await migratePostgres(connection);
    const summary = await copySqliteToPostgres(store.sqlite, connection);
    io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`错误 (error): ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await store.close();
    await connection.close();
  }
}
