/**
 * `npm run admin`: the admin command line on a temp DATA_DIR; every command prints JSON without
 * password hashes, bad input exits 1 with a clear message. The cases run the command's function
 * in-process (upstream/cli/admin-command.ts, as admin.ts runs it); the operators' way, a process
 * of its own started with tsx, is proved by spawned runs: a refusal with the usage, and commands
 * beside a running login-service process, which seeds the demo accounts once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../upstream/cli/admin-command';
import { repoRoot, runInProcess, runSpawned, type CommandRun } from '../support/cli';
import { UpstreamClient } from './client';

let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-admin-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const result = (run: CommandRun) => ({
  status: run.code,
  stdout: run.stdout,
  stderr: run.stderr,
  json: () => JSON.parse(run.stdout) as unknown,
});
const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
/** the command in-process */
const admin = async (...args: string[]) => result(await runInProcess(runAdmin, args, env()));
/** the command as the operators start it: `node --import tsx upstream/cli/admin.ts` */
const adminProcess = async (...args: string[]) => result(await runSpawned('upstream/cli/admin.ts', args, env()));

describe('admin CLI', () => {
  let comId: number;

  it('org add prints the organisation with canonical ranges and a random gid', async () => {
    const res = await admin('org', 'add', '--name', '测试大学', '--ip-ranges', '172.16.0.0/12, 2001:DB8:AA::/48');
    expect(res.status, res.stderr).toBe(0);
    const org = res.json() as Record<string, unknown>;
    expect(org).toMatchObject({ name: '测试大学', enabled: true, ipRanges: ['172.16.0.0/12', '2001:db8:aa::/48'] });
    expect(org.gid).toMatch(/^[0-9a-f]{32}$/);
    comId = org.comId as number;
  });

  it('org add with a chosen gid; duplicate gid and invalid CIDR are refused', async () => {
    expect(
      (await admin('org', 'add', '--name', '第二学院', '--ip-ranges', '10.9.0.0/16', '--gid', 'second-gid')).json(),
    ).toMatchObject({
      gid: 'second-gid',
    });
    const dup = await admin('org', 'add', '--name', '第三学院', '--ip-ranges', '10.8.0.0/16', '--gid', 'second-gid');
    expect(dup.status).toBe(1);
    expect(dup.stderr).toContain('second-gid 已被使用');
    for (const bad of ['10.0.0.0/33', '10.1.2.3/16', 'not-an-ip', '2001:db8::/129']) {
      const res = await admin('org', 'add', '--name', '坏网段', '--ip-ranges', bad);
      expect(res.status, bad).toBe(1);
      expect(res.stderr).toMatch(/CIDR|前缀长度|主机位/);
    }
    expect((await admin('org', 'add', '--name', '缺网段')).stderr).toContain('--ip-ranges');
  });

  it('user add prints the user without any hash; duplicates (any case) and weak passwords are refused', async () => {
    const res = await admin(
      'user',
      'add',
      '--username',
      'Lin',
      '--password',
      'LinPass2026',
      '--type',
      '2',
      '--org',
      String(comId),
    );
    expect(res.status, res.stderr).toBe(0);
    expect(res.json()).toMatchObject({
      userName: 'Lin',
      userType: 2,
      comId,
      comName: '测试大学',
      enabled: true,
      passwordLogin: true,
    });
    expect(res.stdout).not.toMatch(/scrypt|LinPass2026|hash/i);

    const dup = await admin('user', 'add', '--username', 'lin', '--password', 'LinPass2026', '--type', '1');
    expect(dup.status).toBe(1);
    expect(dup.stderr).toContain('已存在');
    for (const weak of ['short1', 'lettersonly', '1234567890']) {
      const r = await admin('user', 'add', '--username', 'weak', '--password', weak, '--type', '1');
      expect(r.status, weak).toBe(1);
      expect(r.stderr).toMatch(/密码/);
    }
    expect((await admin('user', 'add', '--username', 'x1', '--password', 'Good2026pw', '--type', '3')).status).toBe(1);
    expect(
      (await admin('user', 'add', '--username', 'nomember', '--password', 'Good2026pw', '--type', '2')).stderr,
    ).toContain('必须指定所属机构');
    expect(
      (await admin('user', 'add', '--username', 'ghostorg', '--password', 'Good2026pw', '--type', '2', '--org', '999'))
        .stderr,
    ).toContain('999 不存在');
    expect(
      (await admin('user', 'add', '--username', 'org12', '--password', 'Good2026pw', '--type', '1')).stderr,
    ).toContain('保留');
  });

  it('user list, disable, enable and reset-password print records', async () => {
    expect((await admin('user', 'add', '--username', 'wang', '--password', 'Wang2026pw', '--type', '1')).status).toBe(
      0,
    );
    const list = await admin('user', 'list');
    expect((list.json() as { userName: string }[]).map((u) => u.userName)).toEqual(['Lin', 'wang']);
    expect(list.stdout).not.toMatch(/scrypt|hash/i);
    expect((await admin('user', 'disable', '--username', 'wang')).json()).toMatchObject({
      userName: 'wang',
      enabled: false,
    });
    expect((await admin('user', 'enable', '--username', 'WANG')).json()).toMatchObject({
      userName: 'wang',
      enabled: true,
    });
    const reset = await admin('user', 'reset-password', '--username', 'wang', '--password', 'NewPass2027');
    expect(reset.status).toBe(0);
    expect(reset.stdout).not.toContain('NewPass2027');
    expect((await admin('user', 'reset-password', '--username', 'wang', '--password', 'weak')).status).toBe(1);
    expect((await admin('user', 'disable', '--username', 'nobody')).stderr).toContain('nobody 不存在');
  });

  it('org list and org disable', async () => {
    expect(((await admin('org', 'list')).json() as unknown[]).length).toBe(2);
    expect((await admin('org', 'disable', '--id', String(comId))).json()).toMatchObject({ comId, enabled: false });
    expect((await admin('org', 'disable', '--id', 'abc')).status).toBe(1);
    expect((await admin('org', 'disable', '--id', '404')).stderr).toContain('404 不存在');
  });

  it('unknown commands and options exit 1 with the usage', async () => {
    for (const args of [['frobnicate'], [], ['user', 'add', '--bogus', 'x']]) {
      const res = await admin(...args);
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('usage');
    }
    // and so does the command started as a process of its own
    const started = await adminProcess('frobnicate');
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('usage');
    expect(started.stdout).toBe('');
  });

  it('the login service seeds the demo accounts once and signs in what the admin created while it runs', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'upstream/cli/login-service.ts')], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOGIN_PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      expect(output).toContain('seeded demo accounts');
      // the command as a process of its own, beside the running service
      const users = ((await adminProcess('user', 'list')).json() as { userName: string; userType: number }[]).map(
        (u) => [u.userName, u.userType],
      );
      expect(users).toEqual(
        expect.arrayContaining([
          ['student', 1],
          ['teacher', 2],
        ]),
      );
      // created while the server runs, usable at once
      const live = await adminProcess('user', 'add', '--username', 'live', '--password', 'Live2026pw', '--type', '1');
      expect(live.status, live.stderr).toBe(0);
      expect(live.json()).toMatchObject({ userName: 'live', userType: 1 });
      expect(live.stdout).not.toMatch(/scrypt|Live2026pw|hash/i);
      const client = new UpstreamClient({ baseUrl: url });
      const res = await client.postJson('/UserCenterApi/Login', { userName: 'live', password: 'Live2026pw' });
      expect(res.body.code).toBe(2000);
      expect((await client.get('/UserCenterApi/CompanyLogin', { cid: 'demo-library' })).body.code).toBe(2000);
      expect(output).not.toContain('Live2026pw');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    }
  });
});
