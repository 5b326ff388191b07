/**
 * What the play-page tests share: accounts of each kind written straight into the store, real
 * media for a fixture video made here with ffmpeg (an HLS rendition, a master playlist, WebVTT
 * subtitles and a manuscript, laid out as upstream/API.md "Media of a video" says), and the item
 * shapes of the contract.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { SqliteStore, Store } from '../../upstream/src/store';
import type { PostgresStore } from '../../upstream/src/store/postgres';
import type { ApiResponse } from './client';
import type { CourseItem } from '../../upstream/src/main-api/contract';

const run = promisify(execFile);

export async function addMember(store: Store, userName: string, userType: 1 | 2 = 1, realName = ''): Promise<number> {
  return (await store.users.insert({ userName, passwordHash: null, userType, comId: null, realName }, Date.now()))
    .userId;
}

/**
 * An account of a type the platform does not let act (neither 1 nor 2), as an existing user
 * directory might hold: our schema refuses such a row, so it is written past the CHECK constraint
 * (SQLite: ignore_check_constraints; PostgreSQL: the constraint dropped and put back NOT VALID, in
 * the test's own schema).
 */
export async function addUserOfType(store: Store, userName: string, userType: number): Promise<number> {
  if ('sqlite' in store) {
    const db = (store as SqliteStore).sqlite;
    db.pragma('ignore_check_constraints = ON');
    try {
      return Number(
        db
          .prepare(
            'INSERT INTO users (user_name, password_hash, user_type, com_id, real_name, created_at) VALUES (?, NULL, ?, NULL, ?, ?)',
          )
          .run(userName, userType, '', Date.now()).lastInsertRowid,
      );
    } finally {
      db.pragma('ignore_check_constraints = OFF');
    }
  }
  const { connection } = store as PostgresStore;
  return connection.transaction(async () => {
    const db = connection.db();
    await sql`ALTER TABLE users DROP CONSTRAINT users_user_type_check`.execute(db);
    const { rows } = await sql<{
      userId: number;
    }>`INSERT INTO users (user_name, password_hash, user_type, com_id, real_name, created_at)
      VALUES (${userName}, NULL, ${userType}, NULL, '', ${Date.now()}) RETURNING user_id AS "userId"`.execute(db);
    await sql`ALTER TABLE users ADD CONSTRAINT users_user_type_check CHECK (user_type IN (1, 2)) NOT VALID`.execute(db);
    return rows[0]!.userId;
  });
}

export interface TestMedia {
  masterPath: string;
  subtitlePath: string;
  manuscriptPath: string;
  manuscript: string;
  seconds: number;
}

/**
 * Real media for a video: `seconds` of a test picture with a tone as one 108p HLS rendition
 * (4 s segments), its master playlist, subtitles and manuscript, registered in store.media.
 */
export async function addTestMedia(store: Store, videoId: number, code: string, seconds: number): Promise<TestMedia> {
  const dir = path.join(store.mediaDir, 'videos', code);
  mkdirSync(path.join(dir, '108p'), { recursive: true });
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=192x108:rate=10:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=22050:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '40',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-f',
    'hls',
    '-hls_time',
    '4',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(dir, '108p', 'seg_%03d.ts'),
    path.join(dir, '108p', 'index.m3u8'),
  ]);
  writeFileSync(
    path.join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=192x108\n108p/index.m3u8\n',
  );
  const manuscript = '同学们好。\n今天我们学习唯物辩证法。';
  writeFileSync(
    path.join(dir, 'subtitles.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n同学们好。\n\n00:00:02.000 --> 00:00:05.000\n今天我们学习唯物辩证法。\n',
  );
  writeFileSync(path.join(dir, 'manuscript.txt'), `${manuscript}\n`);
  const folder = `/media/videos/${code}`;
  const media = {
    masterPath: `${folder}/master.m3u8`,
    subtitlePath: `${folder}/subtitles.vtt`,
    manuscriptPath: `${folder}/manuscript.txt`,
  };
  await store.media.upsert({
    videoId,
    folder,
    ...media,
    qualities: [{ name: '108p', height: 108, bandwidth: 200000 }],
    poster: `${folder}/poster.jpg`,
    durationMs: seconds * 1000,
    source: 'test',
  });
  return { ...media, manuscript, seconds };
}

/** the duration of a media file in seconds, by ffprobe */
export async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/** -1 with exactly this sentence */
export function expectRefused(res: ApiResponse, message: string): void {
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ code: -1, message, items: null });
}

export type CourseCounters = Pick<CourseItem, 'viewCount' | 'collectCount' | 'startCount' | 'noteCount'>;
