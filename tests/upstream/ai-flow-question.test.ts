/**
 * GET /api/ai/flowQuestion over real signed HTTP with the default `retrieval` provider on the
 * fixture content: the stream's protocol (upstream/API.md "flowQuestion"), every refusal before
 * streaming, the per-user minute limit, the record of each question, and a client that goes away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerParts, ask } from './ai-stream-client';
import { lectureContent } from './ai-lecture-fixture';
import { startTestApi, type TestApi } from './harness';

const RESERVED = /^(r1:|end:|err:)/;
const QUESTION = '唯物辩证法的基本规律是什么？';

describe('flowQuestion', () => {
  let api: TestApi;
  let clock = Date.parse('2026-11-20T08:00:00Z');
  let names = 0;
  const newUser = async () =>
    (
      await api.store.users.insert(
        { userName: `asker${names++}`, passwordHash: null, userType: 1, comId: null, realName: '' },
        Date.now(),
      )
    ).userId;

  beforeAll(async () => {
    api = await startTestApi({ content: lectureContent(), now: () => clock });
  });
  afterAll(() => api.stop());

  it('streams deep thinking, then the answer, then end: with the cited sources, as SSE', async () => {
    const userId = await newUser();
    const result = await ask(api.client, {
      question: QUESTION,
      userId,
      model: 'reasoner',
      clientId: 'tab-1',
      productId: 1,
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(result.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(result.headers.get('x-accel-buffering')).toBe('no');
    expect(result.headers.get('content-encoding')).toBeNull();

    const { chunks } = result;
    const firstAnswer = chunks.findIndex((c) => !c.startsWith('r1:'));
    const lastThinking = chunks.map((c) => c.startsWith('r1:')).lastIndexOf(true);
    expect(lastThinking).toBeGreaterThanOrEqual(0);
    expect(lastThinking).toBeLessThan(firstAnswer);
    // end: closes the stream: it is the last chunk and the only one
    expect(chunks.filter((c) => c.startsWith('end:'))).toHaveLength(1);
    expect(chunks[chunks.length - 1]!.startsWith('end:')).toBe(true);
    expect(chunks.some((c) => c.startsWith('err:'))).toBe(false);

    const { thinking, answer, answerChunks, sources } = answerParts(chunks);
    // thinking spans lines (several data: lines of one event) and names the keywords
    expect(thinking).toContain('问题分析');
    expect(thinking).toContain('\n候选片段');
    expect(thinking).toContain('「唯物辩证法」');
    // markers are whole in every chunk, numbered in the order of first citation
    for (const chunk of answerChunks) {
      expect(chunk).not.toMatch(RESERVED);
      expect(chunk.replace(/\[\d+\]/g, '')).not.toMatch(/[[\]]/);
    }
    const cited = [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(cited.length).toBeGreaterThan(0);
    const firstCitations = cited.filter((n, i) => cited.indexOf(n) === i);
    expect(firstCitations).toEqual(firstCitations.map((_, i) => i + 1));
    expect(sources!.map((s) => s.index)).toEqual(firstCitations);
    for (const s of sources!) {
      expect(s.courseName).toBe('唯物辩证法的基本规律');
      expect(s.videoImage).toMatch(/^\/media\//);
      expect([...s.excerpt].length).toBeLessThanOrEqual(120);
      expect(s.keyPointsShow).toMatch(/^(\d+:)?\d\d:\d\d$/);
    }
    // the record says how it ended and what it cited (written once the response has ended)
    const row = await until(async () => {
      const latest = await api.store.aiQuestions.latest(userId);
      return latest && latest.outcome !== 'streaming' ? latest : undefined;
    });
    expect(row).toMatchObject({
      outcome: 'end',
      model: 'reasoner',
      clientId: 'tab-1',
      question: QUESTION,
      chunks: chunks.length,
    });
    expect(JSON.parse(row.sources)).toEqual(sources);
  });

  it('streams no thinking for model=chat (the default)', async () => {
    const result = await ask(api.client, { question: QUESTION, userId: await newUser() });
    const { thinking, answer, sources } = answerParts(result.chunks);
    expect(thinking).toBe('');
    expect(answer).toContain('唯物辩证法');
    expect(sources!.length).toBeGreaterThan(0);
  });

  it('asks about the given course first', async () => {
    // courses 1 and 10 both teach 否定之否定规律: each comes first when it is the one asked about
    for (const courseId of [1, 10]) {
      const result = await ask(api.client, { question: '否定之否定规律揭示了什么', userId: await newUser(), courseId });
      const { sources } = answerParts(result.chunks);
      expect(sources!.length).toBeGreaterThan(0);
      expect(sources![0]!.courseId).toBe(courseId);
    }
  });

  it('says so honestly, with no sources, when nothing is relevant', async () => {
    const result = await ask(api.client, {
      question: '红烧肉怎么做才好吃',
      userId: await newUser(),
      model: 'reasoner',
    });
    const { thinking, answer, sources } = answerParts(result.chunks);
    expect(thinking).toContain('没有');
    expect(answer.startsWith('知识库中没有找到与这个问题相关的课程内容。')).toBe(true);
    expect(answer.length).toBeGreaterThan('知识库中没有找到与这个问题相关的课程内容。'.length);
    expect(sources).toEqual([]);
  });

  it('answers a question made only of stopwords honestly, citing nothing', async () => {
    const result = await ask(api.client, { question: '的', userId: await newUser() });
    const { answer, sources } = answerParts(result.chunks);
    expect(answer.startsWith('知识库中没有找到与这个问题相关的课程内容。')).toBe(true);
    expect(sources).toEqual([]);
  });

  it('deletes questions older than 30 days in the background', async () => {
    clock += 2 * 3_600_000; // past the hourly sweep of earlier questions
    const userId = await newUser();
    const asked = {
      userId,
      clientId: '',
      model: 'chat',
      provider: 'retrieval',
      question: '旧问题',
      courseId: 0,
      videoId: 0,
    };
    const old = await api.store.aiQuestions.add(asked, clock - 31 * 86_400_000);
    const recent = await api.store.aiQuestions.add(asked, clock - 29 * 86_400_000);
    expect((await ask(api.client, { question: QUESTION, userId })).status).toBe(200);
    await until(async () => ((await api.store.aiQuestions.get(old)) === undefined ? true : undefined));
    expect(await api.store.aiQuestions.get(recent)).toBeDefined();
  });

  describe('refuses before streaming, as an envelope', () => {
    const refusal = async (params: Record<string, string | number>) => {
      const result = await ask(api.client, { productId: 1, ...params });
      expect(result.chunks).toEqual([]);
      return { status: result.status, ...result.envelope! };
    };

    it('an empty or blank question: 请输入内容', async () => {
      const userId = await newUser();
      expect(await refusal({ userId, question: '' })).toMatchObject({ status: 400, code: 4000, message: '请输入内容' });
      expect(await refusal({ userId, question: ' \n\t ' })).toMatchObject({ code: 4000, message: '请输入内容' });
      expect(await refusal({ userId })).toMatchObject({ code: 4000, message: '请输入内容' });
    });

    it('over 200 characters (code points, after trimming): 输入限200字以内', async () => {
      const userId = await newUser();
      expect(await refusal({ userId, question: '问'.repeat(201) })).toMatchObject({
        code: 4000,
        message: '输入限200字以内',
      });
      // 200 characters outside the BMP are 400 UTF-16 units, and allowed; spaces around are trimmed
      const astral = await ask(api.client, { userId, question: ` ${'𠀀'.repeat(200)} ` });
      expect(astral.status).toBe(200);
      expect(astral.envelope).toBeUndefined();
    });

    it('bad parameters: 4000, unknown course or video: 4004, bad sign: 4001', async () => {
      const userId = await newUser();
      const question = QUESTION;
      expect(await refusal({ userId, question, model: 'gpt-4' })).toMatchObject({ code: 4000 });
      expect(await refusal({ userId, question, clientId: 'has space' })).toMatchObject({ code: 4000 });
      expect(await refusal({ userId, question, clientId: 'x'.repeat(65) })).toMatchObject({ code: 4000 });
      expect(await refusal({ question })).toMatchObject({ code: 4000 });
      expect(await refusal({ userId: 0, question })).toMatchObject({ code: 4000 });
      expect(await refusal({ userId: 987654, question })).toMatchObject({
        code: 4000,
        message: '参数 userId 对应的用户不存在',
      });
      expect(await refusal({ userId, question, productId: 2 })).toMatchObject({ code: 4000 });
      expect(await refusal({ userId, question, courseId: 999 })).toMatchObject({
        status: 404,
        code: 4004,
        message: '课程不存在',
      });
      expect(await refusal({ userId, question, videoId: 999 })).toMatchObject({
        status: 404,
        code: 4004,
        message: '视频不存在',
      });
      // a video of another course
      expect(await refusal({ userId, question, courseId: 2, videoId: 11 })).toMatchObject({
        code: 4004,
        message: '视频不存在',
      });
      const unsigned = await api.client.get('/api/ai/flowQuestion', { userId, question }, { sign: '0'.repeat(32) });
      expect(unsigned.status).toBe(401);
      expect(unsigned.body.code).toBe(4001);
      // none of them was recorded
      expect(await api.store.aiQuestions.countSince(userId, 0)).toBe(0);
    });
  });

  it('takes at most 10 questions of one user in any 60 s: 提问太频繁，请稍后再试', async () => {
    const userId = await newUser();
    const other = await newUser();
    clock += 3_600_000;
    const start = clock;
    for (let i = 0; i < 10; i++) {
      clock = start + i * 1000;
      const result = await ask(api.client, { question: QUESTION, userId });
      expect(answerParts(result.chunks).sources, `question ${i + 1}`).not.toBeNull();
    }
    clock = start + 59_999;
    expect((await ask(api.client, { question: QUESTION, userId })).envelope).toEqual({
      code: -1,
      message: '提问太频繁，请稍后再试',
      items: null,
    });
    // another user is not held back
    expect((await ask(api.client, { question: QUESTION, userId: other })).status).toBe(200);
    // 60 s after the first question, one more is allowed again
    clock = start + 60_000;
    const again = await ask(api.client, { question: QUESTION, userId });
    expect(again.envelope).toBeUndefined();
    expect(answerParts(again.chunks).sources).not.toBeNull();
  });

  it('stops the work when the client goes away', async () => {
    const full = await ask(api.client, { question: QUESTION, userId: await newUser(), model: 'reasoner' });
    const userId = await newUser();
    const cut = await ask(
      api.client,
      { question: QUESTION, userId, model: 'reasoner' },
      (_chunk, index) => index === 1,
    );
    expect(cut.chunks).toHaveLength(2);
    // the server notices, stops the provider and records the question as aborted, having sent
    // far fewer chunks than a whole answer
    const record = await until(async () => {
      const row = await api.store.aiQuestions.latest(userId);
      return row && row.outcome !== 'streaming' ? row : undefined;
    });
    expect(record.outcome).toBe('aborted');
    expect(record.chunks).toBeLessThan(full.chunks.length - 10);
  });
});

/** polls until fn returns a value (the server's side of a closed connection is asynchronous) */
async function until<T>(fn: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}
