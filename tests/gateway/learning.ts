/**
 * Learning records for a test user, written straight into the store's tables (migration 0003) the way
 * the main API keeps them: favourites, notes and collected notes, play records, messages, fragments.
 * The gateway then reads them through the real main API; nothing here is what the gateway is tested on.
 */
import type { Platform } from './harness';

export interface SeededLearning {
  favouriteCourseIds: number[];
  ownNoteIds: number[];
  /** public notes of `author`, collected by the user */
  collectedNoteIds: number[];
  viewLogVideoIds: number[];
  messageIds: number[];
  fragmentIds: number[];
}

interface VideoRow {
  id: number;
  courseId: number;
  catalogId: number;
  name: string;
}

const DAY = 24 * 3600_000;

export function videos(platform: Platform, count: number, skip = 0): VideoRow[] {
  return platform.db
    .prepare(
      `SELECT v.id, v.course_id AS courseId, c.catalogue_id AS catalogId, v.name
       FROM videos v JOIN courses c ON c.id = v.course_id
       WHERE v.sort = (SELECT MIN(sort) FROM videos w WHERE w.course_id = v.course_id)
       ORDER BY v.id LIMIT ? OFFSET ?`,
    )
    .all(count, skip) as VideoRow[];
}

/**
 * `user` gets 3 favourite courses, 3 own notes (one private), 2 collected notes written by `author`,
 * 4 play records, 5 messages and 2 fragments, with distinct times (newest last in each array).
 * `skip` picks other videos, so two users' records differ.
 */
export function seedLearning(
  platform: Platform,
  user: { id: number; name: string },
  author: { id: number; name: string },
  skip = 0,
): SeededLearning {
  const { db } = platform;
  const now = Date.now();
  const picked = videos(platform, 6, skip * 6);
  const at = (minutesAgo: number) => now - minutesAgo * 60_000;
  const seeded: SeededLearning = {
    favouriteCourseIds: [],
    ownNoteIds: [],
    collectedNoteIds: [],
    viewLogVideoIds: [],
    messageIds: [],
    fragmentIds: [],
  };
  db.transaction(() => {
    picked.slice(0, 3).forEach((video, index) => {
      db.prepare(
        'INSERT INTO user_operations (user_id, video_id, operate_type, course_id, catalog_id, created_at) VALUES (?, ?, 1, ?, ?, ?)',
      ).run(user.id, video.id, video.courseId, video.catalogId, at(300 - index));
      seeded.favouriteCourseIds.push(video.courseId);
    });
    const note = db.prepare(
      'INSERT INTO notes (user_id, user_name, video_id, course_id, catalog_id, content, vtime, type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    picked.slice(0, 3).forEach((video, index) => {
      const id = Number(
        note.run(
          user.id,
          user.name,
          video.id,
          video.courseId,
          video.catalogId,
          `${user.name} 的笔记 ${index + 1}`,
          30 + index,
          index === 2 ? 1 : 0,
          at(200 - index),
        ).lastInsertRowid,
      );
      seeded.ownNoteIds.push(id);
    });
    picked.slice(3, 5).forEach((video, index) => {
      const id = Number(
        note.run(
          author.id,
          author.name,
          video.id,
          video.courseId,
          video.catalogId,
          `${author.name} 的公开笔记 ${index + 1}`,
          60,
          0,
          at(190 - index),
        ).lastInsertRowid,
      );
      db.prepare('INSERT INTO note_collections (user_id, note_id, created_at) VALUES (?, ?, ?)').run(
        user.id,
        id,
        at(100 - index),
      );
      seeded.collectedNoteIds.push(id);
    });
    picked.slice(0, 4).forEach((video, index) => {
      db.prepare(
        `INSERT INTO play_logs (user_id, user_name, com_id, video_id, course_id, catalog_id, last_play_time, duration, stay_time, created_at, updated_at)
         VALUES (?, ?, 0, ?, ?, ?, ?, 600, ?, ?, ?)`,
      ).run(
        user.id,
        user.name,
        video.id,
        video.courseId,
        video.catalogId,
        100 + index,
        50,
        at(90 - index) - 3 * DAY * index,
        at(90 - index) - 3 * DAY * index,
      );
      seeded.viewLogVideoIds.push(video.id);
    });
    [1, 2, 3, 4, 9].forEach((type, index) => {
      const id = Number(
        db
          .prepare('INSERT INTO messages (user_id, type, message, video_id, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(user.id, type, `${user.name} 的消息 ${index + 1}`, type === 2 ? picked[0]!.id : null, at(50 - index))
          .lastInsertRowid,
      );
      seeded.messageIds.push(id);
    });
    picked.slice(0, 2).forEach((video, index) => {
      const created = at(20 - index);
      const id = Number(
        db
          .prepare(
            `INSERT INTO fragments (user_id, video_id, fragment_name, start_time, end_time, download, video_address, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, '', ?, ?)`,
          )
          .run(
            user.id,
            video.id,
            `${video.name}-片段${index + 1}`,
            10,
            70 + index,
            index === 0 ? 1 : 0,
            created,
            created + 30 * DAY,
          ).lastInsertRowid,
      );
      seeded.fragmentIds.push(id);
    });
  })();
  return seeded;
}
