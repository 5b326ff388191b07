/**
 * `npm run ai:knowledge:rebuild` on a seeded DATA_DIR: it chunks every course again, prints what it
 * did, and the main API keeps answering from the rebuilt knowledge base.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../upstream/src/store';
import { answerParts, ask } from './ai-stream-client';
import { lectureContent } from './ai-lecture-fixture';
import { startTestApi, type TestApi } from './harness';

const repoRoot = path.resolve(__dirname, '..', '..');

describe('ai:knowledge:rebuild', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ content: lectureContent() });
  });
  afterAll(() => api.stop());

  it('rebuilds every course and the answers stay the same', async () => {
    const userId = (
      await api.store.users.insert(
        { userName: 'rebuild', passwordHash: null, userType: 1, comId: null, realName: '' },
        Date.now(),
      )
    ).userId;
    const question = { question: '否定之否定规律揭示了什么', userId };
    const before = answerParts((await ask(api.client, question)).chunks);
    const db = new Database(path.join(api.dataDir, DATABASE_FILE));
    // a stray chunk, as an older build might have left: the rebuild does not keep it
    db.prepare(
      `INSERT INTO ai_chunks (course_id, video_id, seq, kind, time_point, text) VALUES (999, 9991, 0, 'course', 0, '旧的片段')`,
    ).run();
    const chunks = (db.prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n;

    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'upstream/cli/ai-knowledge-rebuild.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: api.dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`rebuilt in [0-9.]+ s: 10 courses, ${chunks - 1} chunks`));
    expect(db.prepare('SELECT count(*) AS n FROM ai_chunks WHERE course_id = 999').get()).toEqual({ n: 0 });
    db.close();

    const after = answerParts((await ask(api.client, question)).chunks);
    expect(after.sources!.length).toBeGreaterThan(0);
    expect(after.answer).toBe(before.answer);
  });
});
