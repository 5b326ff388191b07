/**
 * What the 继续学习 e2e test's desktop and phone parts each start from: the demo student watched the
 * first lecture of a course to 3 s before its end (learned) and stopped 40 % into the second, just
 * now, so that course is the newest of their play records. Written through the store, as the
 * player's play logs would leave them; written again, it sets that course back to this start.
 */
import { openStore } from '../../upstream/src/store';

export interface WatchedCourse {
  courseId: number;
  catalogueId: number;
  courseName: string;
  videoCount: number;
  lecturerId: number;
  lecturerName: string;
  secondVideoId: number;
  /** the second of the second video where the student stopped */
  stoppedAt: number;
  stoppedAtShown: string;
  /** the outline's 已看 N% of the second video */
  percent: number;
  /** whether the second video's lecture is already there (the player can seek it) */
  ready: boolean;
}

export async function seedWatchedCourse(dataDir: string): Promise<WatchedCourse> {
  const store = openStore(dataDir);
  try {
    const row = store.sqlite
      .prepare(
        `SELECT c.id AS courseId, c.catalogue_id AS catalogueId, c.name AS courseName, l.id AS lecturerId, l.name AS lecturerName,
                (SELECT COUNT(*) FROM videos v WHERE v.course_id = c.id) AS videoCount,
                (SELECT COUNT(*) FROM videos v JOIN video_media m ON m.video_id = v.id AND m.master_path <> ''
                  WHERE v.course_id = c.id AND v.sort <= 2) AS ready
           FROM courses c JOIN lecturers l ON l.id = c.lecturer_id
          WHERE (SELECT COUNT(*) FROM videos v WHERE v.course_id = c.id AND v.duration_seconds > 120) >= 2
          ORDER BY ready DESC, c.id DESC LIMIT 1`,
      )
      .get() as Omit<WatchedCourse, 'secondVideoId' | 'stoppedAt' | 'stoppedAtShown' | 'percent' | 'ready'> & {
      ready: number;
    };
    const videos = store.sqlite
      .prepare('SELECT id, duration_seconds AS duration FROM videos WHERE course_id = ? ORDER BY sort LIMIT 2')
      .all(row.courseId) as { id: number; duration: number }[];
    const student = (await store.users.getByName('student'))!;
    const [first, second] = videos as [{ id: number; duration: number }, { id: number; duration: number }];
    const now = Date.now();
    await store.playLogs.record(
      {
        userId: student.userId,
        videoId: first.id,
        lastPlayTime: first.duration - 3,
        duration: first.duration,
        stayTime: 60,
      },
      now - 1000,
    );
    const stoppedAt = Math.floor(second.duration * 0.4);
    await store.playLogs.record(
      { userId: student.userId, videoId: second.id, lastPlayTime: stoppedAt, duration: second.duration, stayTime: 60 },
      now,
    );
    const mmss = `${String(Math.floor(stoppedAt / 60)).padStart(2, '0')}:${String(stoppedAt % 60).padStart(2, '0')}`;
    return {
      ...row,
      ready: row.ready >= 2,
      secondVideoId: second.id,
      stoppedAt,
      stoppedAtShown: mmss,
      percent: Math.floor((stoppedAt * 100) / second.duration),
    };
  } finally {
    await store.close();
  }
}

/**
 * The student goes on watching in another tab: the second video to its end, just now. Returns the
 * video 继续学习 then opens (the third, from its beginning) and its 第N讲, or null when the course
 * has no third video.
 */
export async function finishSecondVideo(
  dataDir: string,
  watched: WatchedCourse,
): Promise<{ videoId: number; numberShow: string } | null> {
  const store = openStore(dataDir);
  try {
    const videos = store.sqlite
      .prepare('SELECT id, sort, duration_seconds AS duration FROM videos WHERE course_id = ? ORDER BY sort, id')
      .all(watched.courseId) as { id: number; sort: number; duration: number }[];
    const second = videos[1]!;
    const student = (await store.users.getByName('student'))!;
    await store.playLogs.record(
      {
        userId: student.userId,
        videoId: second.id,
        lastPlayTime: second.duration - 1,
        duration: second.duration,
        stayTime: 60,
      },
      Date.now(),
    );
    const third = videos[2];
    return third ? { videoId: third.id, numberShow: `第${third.sort}讲` } : null;
  } finally {
    await store.close();
  }
}
