/**
 * Demo learning records, so that the personal centre of the demo account `student` is not empty:
 * favourite courses and two likes, own notes (some private), two public notes of `teacher` that
 * the student collected (with the 笔记引用 messages they cause), play records spread over today,
 * the last week and earlier, and one message of each type.
 *
 * The main API seeds the content and the login service the accounts, in either order and possibly
 * at the same moment: each calls this right after its own seeding, and whichever runs second finds
 * both and writes the records. It does nothing while the student account, the teacher account or
 * the content is missing, and nothing once the student has any learning record of their own, so a
 * second call (or a restart) never adds anything.
 *
 * No fragments: a fragment needs a cut file, and cutting arrives with the media pipeline.
 * Times are placed relative to `now`, like the demo content's dates.
 */
import type { Store, UserRecord, VideoRecord } from '../store';
import { MESSAGE_TYPE } from '../store/messages';
import { NOTE_TYPE } from '../store/notes';
import { OPERATE_TYPE } from '../store/user-operations';

/** the demo accounts of demo/accounts.ts (not imported: that module calls this one) */
export const DEMO_LEARNER = 'student';
export const DEMO_NOTE_AUTHOR = 'teacher';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** the platform's calendar is China Standard Time (UTC+8, no daylight saving), as in services/year.ts */
const UTC_PLUS_8 = 8 * HOUR;

/** how many courses the records draw their videos from */
const COURSE_POOL = 8;
const FAVOURITE_AGES = [1 * HOUR, 2 * DAY, 9 * DAY, 30 * DAY];
const LIKE_AGES = [1 * HOUR, 2 * DAY];

const OWN_NOTES: { content: string; type: number; age: number; at: number }[] = [
  {
    content: '本讲核心观点：理论要联系实际，先弄清概念，再看论证过程。',
    type: NOTE_TYPE.public,
    age: 3 * HOUR,
    at: 0.12,
  },
  {
    content: '这一讲的三个要点：时代背景、主要论断、现实意义。复习时按这个顺序回顾。',
    type: NOTE_TYPE.public,
    age: 1 * DAY,
    at: 0.35,
  },
  {
    content: '自己的疑问：这里的论证和上一讲有什么联系？下次课前再看一遍。',
    type: NOTE_TYPE.private,
    age: 3 * DAY,
    at: 0.5,
  },
  { content: '老师举的例子很好，可以用在课程论文的引言里。', type: NOTE_TYPE.public, age: 6 * DAY, at: 0.2 },
  { content: '期末复习重点，记得整理成思维导图。', type: NOTE_TYPE.private, age: 12 * DAY, at: 0.8 },
  { content: '关键词摘录：实事求是、问题导向、系统观念。', type: NOTE_TYPE.public, age: 25 * DAY, at: 0.65 },
];

const TEACHER_NOTES: { content: string; age: number; collectedAge: number; at: number }[] = [
  {
    content: '教学提示：本讲可结合时事案例组织课堂讨论，先提出问题，再展开讲解。',
    age: 15 * DAY,
    collectedAge: 2 * DAY,
    at: 0.1,
  },
  { content: '板书要点：概念—原理—方法—案例，四步讲清本讲内容。', age: 20 * DAY, collectedAge: 10 * DAY, at: 0.4 },
];

/** ages of the play records before today's start: the last week (一周内), then earlier (更早) */
const WEEK_AGES = [1.5 * DAY, 2 * DAY, 3 * DAY, 4.5 * DAY, 6 * DAY];
const EARLIER_AGES = [8 * DAY, 12 * DAY, 20 * DAY, 40 * DAY];
/** fractions of (at most 3 h of) today's elapsed time, so today's records stay within today */
const TODAY_FRACTIONS = [0.05, 0.3, 0.6];
/** how far into each video the student got (1 = watched to the end) */
const PROGRESS = [0.35, 1, 0.6, 0.15, 0.9, 1, 0.5, 0.25, 1, 0.7, 0.4, 0.05];

export interface DemoLearningSummary {
  favouriteCourses: number;
  likes: number;
  notes: number;
  collectedNotes: number;
  playRecords: number;
  messages: number;
}

/** Start of the calendar day (UTC+8) that `now` falls in. */
export function startOfPlatformDay(now: number): number {
  return Math.floor((now + UTC_PLUS_8) / DAY) * DAY - UTC_PLUS_8;
}

/** When the demo play records were last watched, newest first: 3 today, 5 within the week, 4 earlier. */
export function demoPlayTimes(now: number): number[] {
  const today = Math.min(now - startOfPlatformDay(now), 3 * HOUR);
  return [
    ...TODAY_FRACTIONS.map((f) => now - Math.floor(today * f)),
    ...WEEK_AGES.map((age) => now - age),
    ...EARLIER_AGES.map((age) => now - age),
  ];
}

const displayName = (user: UserRecord): string => user.realName || user.userName;

/** The student's own learning records (messages are not: the login service writes a welcome on its own). */
async function hasLearningRecords(store: Store, userId: number): Promise<boolean> {
  return (
    (await store.notes.count({ userId, kind: 'own' })) > 0 ||
    (await store.notes.count({ userId, kind: 'collected' })) > 0 ||
    (await store.userOperations.countByUser(userId)) > 0 ||
    (await store.playLogs.countByUser(userId)) > 0
  );
}

/** Videos of the home page's recommended courses (else the most played), one course after another in turn. */
async function videoPool(store: Store): Promise<{ courseVideos: VideoRecord[][]; pool: VideoRecord[] }> {
  let courses = (await store.courses.recommended(COURSE_POOL * 2, 0)).filter((c) => c.videoCount > 0);
  if (courses.length < COURSE_POOL) {
    const seen = new Set(courses.map((c) => c.id));
    const more = (await store.courses.list({}, 'mostViewed', COURSE_POOL * 2, 0)).filter(
      (c) => c.videoCount > 0 && !seen.has(c.id),
    );
    courses = [...courses, ...more];
  }
  const courseVideos: VideoRecord[][] = [];
  for (const c of courses.slice(0, COURSE_POOL)) courseVideos.push(await store.videos.listByCourse(c.id));
  const pool: VideoRecord[] = [];
  const longest = Math.max(0, ...courseVideos.map((videos) => videos.length));
  for (let i = 0; i < longest; i += 1) {
    for (const videos of courseVideos) if (videos[i]) pool.push(videos[i]!);
  }
  return { courseVideos, pool };
}

const vtimeOf = (video: VideoRecord, fraction: number): number => Math.floor(video.durationSeconds * fraction);

/** Writes the demo learning records; null when it did nothing (see the module comment). */
export async function seedDemoLearning(store: Store, now: number = Date.now()): Promise<DemoLearningSummary | null> {
  if (await store.isEmpty()) return null;
  // One write transaction taken at once: the main API and the login service may both get here.
  return store.immediateTransaction(async () => {
    const student = await store.users.getByName(DEMO_LEARNER);
    const teacher = await store.users.getByName(DEMO_NOTE_AUTHOR);
    if (!student || !teacher || (await hasLearningRecords(store, student.userId))) return null;
    const { courseVideos, pool } = await videoPool(store);
    if (pool.length === 0) return null;
    const at = (i: number) => pool[i % pool.length]!;
    const summary: DemoLearningSummary = {
      favouriteCourses: 0,
      likes: 0,
      notes: 0,
      collectedNotes: 0,
      playRecords: 0,
      messages: 0,
    };

    // 我的课程: a course is favourited through one of its videos
    for (const [i, videos] of courseVideos.slice(0, FAVOURITE_AGES.length).entries()) {
      const video = videos[i % videos.length]!;
      const added = await store.userOperations.add(
        { userId: student.userId, videoId: video.id, operateType: OPERATE_TYPE.favourite },
        now - FAVOURITE_AGES[i]!,
      );
      if (added) summary.favouriteCourses += 1;
    }
    for (const [i, age] of LIKE_AGES.entries()) {
      if (
        await store.userOperations.add(
          { userId: student.userId, videoId: at(i).id, operateType: OPERATE_TYPE.like },
          now - age,
        )
      ) {
        summary.likes += 1;
      }
    }

    // 我的笔记: own notes on different videos, some private
    const ownNoteIds: (number | null)[] = [];
    for (const [i, note] of OWN_NOTES.entries()) {
      const video = at(i);
      const id = await store.notes.insert(
        {
          userId: student.userId,
          userName: displayName(student),
          videoId: video.id,
          content: note.content,
          vtime: vtimeOf(video, note.at),
          type: note.type,
        },
        now - note.age,
      );
      if (id !== null) summary.notes += 1;
      ownNoteIds.push(id);
    }

    // 收录: the student keeps two public notes of the teacher; each collection tells the teacher
    for (const [i, note] of TEACHER_NOTES.entries()) {
      const video = at(OWN_NOTES.length + i);
      const noteId = await store.notes.insert(
        {
          userId: teacher.userId,
          userName: displayName(teacher),
          videoId: video.id,
          content: note.content,
          vtime: vtimeOf(video, note.at),
          type: NOTE_TYPE.public,
        },
        now - note.age,
      );
      if (noteId === null || !(await store.notes.collect(student.userId, noteId, now - note.collectedAge))) continue;
      summary.collectedNotes += 1;
      await store.messages.add(
        {
          userId: teacher.userId,
          type: MESSAGE_TYPE.noteQuoted,
          message: `${displayName(student)} 收录了你在《${video.name}》中的笔记。`,
          videoId: video.id,
        },
        now - note.collectedAge,
      );
    }

    // 消息: one of each type for the student (the welcome only when the login service wrote none)
    const messages: { type: number; message: string; videoId?: number; age: number }[] = [];
    if ((await store.messages.countByUserAndType(student.userId, MESSAGE_TYPE.system)) === 0) {
      messages.push({
        type: MESSAGE_TYPE.system,
        message: '欢迎来到思政云课堂！在个人中心可以查看收藏的课程、笔记、历史记录和截取的片段。',
        age: 45 * DAY,
      });
    }
    // the teacher collected the student's first (public) note
    const quotedNoteId = ownNoteIds[0];
    if (quotedNoteId != null && (await store.notes.collect(teacher.userId, quotedNoteId, now - 2 * HOUR))) {
      messages.push({
        type: MESSAGE_TYPE.noteQuoted,
        message: `${displayName(teacher)} 收录了你在《${at(0).name}》中的笔记。`,
        videoId: at(0).id,
        age: 2 * HOUR,
      });
    }
    messages.push({
      type: MESSAGE_TYPE.security,
      message: '你的登录密码已修改。如非本人操作，请立即联系管理员重置密码。',
      age: 20 * DAY,
    });
    for (const m of messages) {
      await store.messages.add(
        { userId: student.userId, type: m.type, message: m.message, videoId: m.videoId ?? null },
        now - m.age,
      );
      summary.messages += 1;
    }

    // 历史记录: play records, oldest written first
    const times = demoPlayTimes(now);
    const records = times.map((time, i) => ({ time, video: pool[i], progress: PROGRESS[i % PROGRESS.length]! }));
    for (const { time, video, progress } of [...records].reverse()) {
      if (!video) continue;
      const lastPlayTime = vtimeOf(video, progress);
      const id = await store.playLogs.record(
        {
          userId: student.userId,
          userName: student.userName,
          comId: student.comId ?? 0,
          videoId: video.id,
          lastPlayTime,
          duration: video.durationSeconds,
          stayTime: lastPlayTime + 30,
        },
        time,
      );
      if (id !== null) summary.playRecords += 1;
    }

    return summary;
  });
}

export function describeDemoLearning(summary: DemoLearningSummary): string {
  return (
    `${summary.favouriteCourses} favourite courses, ${summary.likes} likes, ${summary.notes} notes, ` +
    `${summary.collectedNotes} collected notes, ${summary.playRecords} play records, ${summary.messages} messages`
  );
}
