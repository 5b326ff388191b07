/**
 * GET /api/ai/recommend over signed HTTP on the fixture, once its AI content is written: the
 * video's suggested questions first, then its course's, then general ones of the most played
 * courses; never empty while there is content; anyone may call it (no userId); limit 1..20,
 * default 6; unknown ids 4004, bad parameters 4000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import type { AiSuggestion } from '../../upstream/src/main-api/contract';

let api: TestApi;
const guess = new Map<number, string[]>();

const recommend = async (params: Record<string, string | number>) => {
  const res = await api.client.get<AiSuggestion[]>('/api/ai/recommend', params);
  return res.body;
};

/** fixture video ids per course (fixture.ts: course c has videos c*10+1 .. c*10+n) */
const COURSE_VIDEOS: Record<number, number[]> = {
  1: [11, 12, 13],
  2: [21, 22],
  3: [31, 32, 33, 34],
  7: [71, 72, 73],
  9: [91, 92],
};

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

describe('GET /api/ai/recommend', () => {
  it('waits for the content the main API writes at start-up', async () => {
    const ids = Object.values(COURSE_VIDEOS).flat();
    await expect
      .poll(
        async () => {
          for (const id of ids) {
            const res = await api.client.get<{ guessYouAsk: string[] } | null>('/api/ai/GetAIContent', { videoId: id });
            if (!res.body.items) return false;
            guess.set(id, res.body.items.guessYouAsk);
          }
          return true;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  });

  /** a course's questions as the contract orders them: each video's first, then each one's second, … each once */
  const courseOrder = (courseId: number) => {
    const lists = COURSE_VIDEOS[courseId]!.map((id) => guess.get(id)!);
    const out: string[] = [];
    for (let k = 0; k < 6; k++) for (const list of lists) if (list[k] && !out.includes(list[k]!)) out.push(list[k]!);
    return out;
  };

  it("answers a video's own questions first, then its course's, then general ones", async () => {
    const own = guess.get(11)!;
    expect(own.length).toBeGreaterThanOrEqual(3);
    const body = await recommend({ videoId: 11 });
    expect(body.code).toBe(2000);
    const questions = body.items.map((q) => q.question);
    expect(questions).toHaveLength(6);
    expect(new Set(questions).size).toBe(questions.length);
    expect(questions.slice(0, own.length)).toEqual(own.slice(0, 6));
    const ofCourse = courseOrder(1).filter((q) => !own.includes(q));
    const general = (await recommend({ limit: 20 })).items.map((q) => q.question);
    const rest = questions.slice(own.length);
    const fromCourse = rest.filter((q) => ofCourse.includes(q));
    expect(fromCourse).toEqual(ofCourse.slice(0, fromCourse.length));
    expect(rest.slice(0, fromCourse.length)).toEqual(fromCourse);
    for (const q of rest.slice(fromCourse.length)) expect(general, q).toContain(q);
    // with the course given too, the same
    expect((await recommend({ videoId: 11, courseId: 1 })).items).toEqual(body.items);
  });

  it("answers a course's questions, the first of each video first", async () => {
    const expected = courseOrder(3);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const body = await recommend({ courseId: 3, limit: 2 });
    expect(body.items.map((q) => q.question)).toEqual(expected.slice(0, 2));
    const all = await recommend({ courseId: 3, limit: 20 });
    expect(all.items.map((q) => q.question).slice(0, expected.length)).toEqual(expected);
  });

  it('answers general questions of the most played courses without a course or video', async () => {
    const body = await recommend({});
    expect(body.code).toBe(2000);
    expect(body.items.length).toBe(6);
    // course 7 (1 200 plays) is the most played of the fixture, then 2 and 9 (900), then 4 (700)
    expect(body.items[0]!.question).toBe(guess.get(71)![0]);
    expect(
      body.items
        .slice(1, 3)
        .map((q) => q.question)
        .sort(),
    ).toEqual([guess.get(21)![0], guess.get(91)![0]].sort());
  });

  it('honours limit 1..20 and fills up from wider circles', async () => {
    expect((await recommend({ videoId: 11, limit: 1 })).items).toEqual([{ question: guess.get(11)![0] }]);
    const many = await recommend({ videoId: 11, limit: 20 });
    expect(many.items.length).toBeGreaterThan(6);
    expect(many.items.length).toBeLessThanOrEqual(20);
    expect(new Set(many.items.map((q) => q.question)).size).toBe(many.items.length);
  });

  it('refuses bad parameters with 4000 and unknown ids with 4004', async () => {
    for (const limit of [0, 21, -1, 'x', 1.5]) expect((await recommend({ limit })).code, `limit ${limit}`).toBe(4000);
    expect((await recommend({ videoId: 'abc' })).code).toBe(4000);
    expect((await recommend({ courseId: -2 })).code).toBe(4000);
    expect((await recommend({ videoId: 999999 })).code).toBe(4004);
    expect((await recommend({ courseId: 999999 })).code).toBe(4004);
    // a video of another course
    expect((await recommend({ courseId: 2, videoId: 11 })).code).toBe(4004);
  });
});
