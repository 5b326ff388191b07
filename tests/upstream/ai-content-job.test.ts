/**
 * `npm run ai:content` as an operator runs it, and staleness as the main API sees it, over real
 * DATA_DIRs with the hand-written fixture (20 videos in 9 courses): a bounded run writes part and
 * the next run continues; a stopped --all run resumes; a change of one video's name or transcript
 * makes only that video stale and the job rewrites only it, and the API shows the new content.
 * Most runs call the command's function in-process (upstream/cli/ai-content-command.ts, as
 * ai-content.ts does); the first run and a refusal start it as a process of its own, end to end.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAiContent } from '../../upstream/cli/ai-content-command';
import { createContentWriter, startContentRefresher } from '../../upstream/src/ai/content';
import type { Logger } from '../../upstream/src/logger';
import { DATABASE_FILE, openStore } from '../../upstream/src/store';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';
import { startTestApi, type TestApi } from './harness';
import type { AiContentItem } from '../../upstream/src/main-api/contract';
import { runInProcess, runSpawned, type CommandRun } from '../support/cli';

const FIXTURE_VIDEOS = 20;
const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export interface JobSummary {
  dataDir: string;
  provider: string;
  all: boolean;
  videos: number;
  fresh: number;
  stale: number;
  generated: number;
  failed: number;
  courses: number;
  remaining: number;
  interrupted: boolean;
}

/** the command in-process */
export function aiContent(args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  return runInProcess(runAiContent, args, { LOG_LEVEL: 'info', ...env });
}

/** the command as an operator starts it: `node --import tsx upstream/cli/ai-content.ts` */
export function aiContentProcess(args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  return runSpawned('upstream/cli/ai-content.ts', args, { LOG_LEVEL: 'info', ...env });
}

const summaryOf = (stdout: string) => JSON.parse(stdout) as JobSummary;

/** a DATA_DIR with the fixture content and no AI content yet, and no server running on it */
export async function fixtureDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-job-'));
  const store = openStore(dir);
  await seedDemoContent(store, fixtureContent(), store.mediaDir);
  await store.close();
  return dir;
}

function generatedAt(dir: string): Map<number, number> {
  const db = new Database(path.join(dir, DATABASE_FILE), { readonly: true });
  const rows = db.prepare('SELECT video_id AS id, generated_at AS at FROM ai_video_content').all() as {
    id: number;
    at: number;
  }[];
  db.close();
  return new Map(rows.map((r) => [r.id, r.at]));
}

describe('npm run ai:content', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fixtureDataDir();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a bounded part with progress on stderr, then continues with the rest', async () => {
    const first = await aiContentProcess(['--data-dir', dir, '--limit', '5']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('AI 内容 0/5 (0%)');
    expect(first.stderr).toContain('AI 内容 5/5 (100%)');
    expect(summaryOf(first.stdout)).toMatchObject({
      dataDir: dir,
      provider: 'retrieval',
      all: false,
      videos: FIXTURE_VIDEOS,
      fresh: 0,
      stale: FIXTURE_VIDEOS,
      generated: 5,
      failed: 0,
      remaining: FIXTURE_VIDEOS - 5,
      interrupted: false,
    });
    const written = generatedAt(dir);
    expect(written.size).toBe(5);

    const second = await aiContent([], { DATA_DIR: dir });
    expect(second.code, second.stderr).toBe(0);
    expect(summaryOf(second.stdout)).toMatchObject({
      fresh: 5,
      stale: FIXTURE_VIDEOS - 5,
      generated: FIXTURE_VIDEOS - 5,
      remaining: 0,
    });
    const after = generatedAt(dir);
    expect(after.size).toBe(FIXTURE_VIDEOS);
    for (const [id, at] of written) expect(after.get(id)).toBe(at); // the first five were not rewritten

    const third = await aiContent(['--data-dir', dir]);
    expect(summaryOf(third.stdout)).toMatchObject({ fresh: FIXTURE_VIDEOS, stale: 0, generated: 0, courses: 0 });
  });

  it('rewrites everything with --all, and a stopped --all run resumes where it stopped', async () => {
    const before = generatedAt(dir);
    const part = await aiContent(['--data-dir', dir, '--all', '--limit', '7']);
    expect(summaryOf(part.stdout)).toMatchObject({
      all: true,
      fresh: 0,
      stale: FIXTURE_VIDEOS,
      generated: 7,
      remaining: 13,
    });
    const rest = await aiContent(['--data-dir', dir, '--all']);
    expect(summaryOf(rest.stdout)).toMatchObject({ all: true, fresh: 7, stale: 13, generated: 13, remaining: 0 });
    const after = generatedAt(dir);
    for (const [id, at] of before) expect(after.get(id)).toBeGreaterThanOrEqual(at);
    // that --all run is finished: the next one starts over
    const again = await aiContent(['--data-dir', dir, '--all', '--limit', '1']);
    expect(summaryOf(again.stdout)).toMatchObject({ fresh: 0, stale: FIXTURE_VIDEOS, generated: 1 });
  });

  it('refuses bad flags and an unknown provider with the usage and exit code 1', async () => {
    for (const args of [['--limit', '0'], ['--provider', 'gpt'], ['--frobnicate'], ['--data-dir']]) {
      const run = await aiContent(args, { DATA_DIR: dir });
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toContain('错误 (error)');
      expect(run.stderr).toContain('用法 (usage): npm run ai:content');
    }
    const started = await aiContentProcess(['--frobnicate'], { DATA_DIR: dir });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('用法 (usage): npm run ai:content');
    expect(started.stdout).toBe('');
    const noUrl = await aiContent(['--provider', 'openai-compatible'], { DATA_DIR: dir, AI_BASE_URL: '' });
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toContain('AI_PROVIDER=openai-compatible needs AI_BASE_URL');
  });
});

describe('stale AI content', () => {
  let api: TestApi;
  const content = async (videoId: number) => {
    const res = await api.client.get<AiContentItem | null>('/api/ai/GetAIContent', { videoId });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };
  const edit = (sql: string, ...args: unknown[]) => {
    const db = new Database(path.join(api.dataDir, DATABASE_FILE));
    db.prepare(sql).run(...args);
    db.close();
  };

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it('is written by the main API in the background at start-up, never in a request', async () => {
    await expect.poll(() => generatedAt(api.dataDir).size, { timeout: 60_000 }).toBe(FIXTURE_VIDEOS);
    for (const id of [11, 12, 13, 21, 22, 101]) expect(await content(id), `video ${id}`).not.toBeNull();
  });

  it('rewrites only the renamed video (and its course overview)', async () => {
    const before = generatedAt(api.dataDir);
    const old = await content(11);
    expect(old!.guessYouAsk[0]).toBe('什么是“唯物辩证法的基本规律”？');
    edit(`UPDATE videos SET name = '矛盾的普遍性' WHERE id = 11`);
    edit(`UPDATE video_transcripts SET text = '今天我们学习矛盾的普遍性。' WHERE video_id = 11 AND seq = 1`);
    const run = await aiContent([], { DATA_DIR: api.dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run.stdout)).toMatchObject({
      videos: FIXTURE_VIDEOS,
      fresh: FIXTURE_VIDEOS - 1,
      stale: 1,
      generated: 1,
      courses: 1,
    });
    const after = generatedAt(api.dataDir);
    for (const [id, at] of before) if (id !== 11) expect(after.get(id), `video ${id}`).toBe(at);
    expect(after.get(11)).toBeGreaterThan(before.get(11)!);
    const renamed = await content(11);
    expect(renamed!.guessYouAsk[0]).toBe('什么是“矛盾的普遍性”？');
    expect(renamed!.courseOverview).toContain('第一讲“矛盾的普遍性”');
    expect((await content(12))!.courseOverview).toContain('第一讲“矛盾的普遍性”');
  });

  it('rewrites only the video whose transcript changed, not its course overview', async () => {
    const before = generatedAt(api.dataDir);
    edit(
      `UPDATE video_transcripts SET text = '社会意识具有相对独立性，这是本讲的重点。' WHERE video_id = 32 AND seq = 2`,
    );
    const run = await aiContent(['--data-dir', api.dataDir]);
    expect(summaryOf(run.stdout)).toMatchObject({ fresh: FIXTURE_VIDEOS - 1, stale: 1, generated: 1, courses: 0 });
    const after = generatedAt(api.dataDir);
    for (const [id, at] of before) if (id !== 32) expect(after.get(id)).toBe(at);
    const changed = await content(32);
    expect(changed!.videoAbstract + JSON.stringify(changed)).toContain('社会意识');
  });

  it('is rewritten by the background refresh after a change, without any command', async () => {
    // the server's own refresh runs every 5 minutes; a second one on the same store, every 100 ms
    const stop = startContentRefresher(api.store, {
      writer: createContentWriter(api.config.ai),
      logger: silentLogger,
      intervalMs: 100,
      batch: 1,
    });
    try {
      edit(`UPDATE videos SET name = '矛盾的特殊性' WHERE id = 13`);
      edit(`UPDATE video_transcripts SET text = '今天我们学习矛盾的特殊性。' WHERE video_id = 13 AND seq = 1`);
      await expect
        .poll(async () => (await content(13))!.guessYouAsk[0], { timeout: 30_000 })
        .toBe('什么是“矛盾的特殊性”？');
    } finally {
      stop();
    }
  });

  it('answers 4004 for an unknown video and 4000 without a valid videoId', async () => {
    expect((await api.client.get('/api/ai/GetAIContent', { videoId: 999999 })).body.code).toBe(4004);
    expect((await api.client.get('/api/ai/GetAIContent', {})).body.code).toBe(4000);
    expect((await api.client.get('/api/ai/GetAIContent', { videoId: 'abc' })).body.code).toBe(4000);
    expect((await api.client.get('/api/ai/GetAIContent', { videoId: -3 })).body.code).toBe(4000);
  });

  it('answers null for a video without content yet', async () => {
    edit('DELETE FROM ai_video_content WHERE video_id = 91');
    const res = await api.client.get('/api/ai/GetAIContent', { videoId: 91 });
    expect(res.body).toEqual({ code: 2000, message: '成功', items: null });
  });
});
