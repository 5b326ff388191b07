/**
 * `npm run search:rebuild` on the DATA_DIR of a running main API: it prints the rows of every
 * index and the time, the API keeps answering across the swap (its connection sees the new
 * tables), and it refuses to run beside another rebuild.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../upstream/src/store';
import { startTestApi, type TestApi } from './harness';

const repoRoot = path.resolve(__dirname, '..', '..');

function rebuild(dataDir: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'upstream/cli/search-rebuild.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Result {
  courseData: { totalCount: number; dataList: { courseId: number }[] };
  keyframesData: { totalCount: number; dataList: { id: string }[] };
}

describe('search:rebuild', () => {
  let api: TestApi;
  const search = async (keyword: string) => {
    const res = await api.client.get<Result>('/api/search/SearchByKeyWord', { SearchByKeyWord: keyword });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it('rebuilds the indexes of a running API, prints counts and time, and changes no answer', async () => {
    const before = await search('唯物辩证法');
    expect(before.courseData.totalCount).toBe(3);
    // a change the API has not seen yet: the rebuild takes it in
    const other = new Database(path.join(api.dataDir, DATABASE_FILE));
    other.prepare(`UPDATE courses SET name = '重建后的新名称' WHERE id = 4`).run();
    other.close();

    const run = rebuild(api.dataDir);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`rebuilding the search indexes of ${api.dataDir}`);
    expect(run.stdout).toMatch(
      /^rebuilt in \d+\.\d s: 10 courses, 140 knowledge points, 4 topics, 6 lecturers, 14 catalogues$/m,
    );

    const after = await search('唯物辩证法');
    expect(after).toEqual(before);
    expect((await search('重建后的新名称')).courseData.dataList.map((c) => c.courseId)).toEqual([4]);
    // and again: the API's statements follow the second swap too
    expect(rebuild(api.dataDir).status).toBe(0);
    expect(await search('唯物辩证法')).toEqual(before);
  });

  it('refuses to run while another rebuild runs', () => {
    const other = new Database(path.join(api.dataDir, DATABASE_FILE));
    try {
      other
        .prepare(`INSERT OR REPLACE INTO search_state (key, value) VALUES ('rebuild', ?)`)
        .run(JSON.stringify({ heartbeat: Date.now(), pid: 424242 }));
      const run = rebuild(api.dataDir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('search rebuild failed: a search index rebuild is already running (process 424242)');
    } finally {
      other.prepare(`DELETE FROM search_state WHERE key = 'rebuild'`).run();
      other.close();
    }
  });
});
