/**
 * Subscription.askAI through the gateway over real SSE, against the real embedded upstream with its
 * default `retrieval` provider (nothing external): a signed-in person's question streams thinking,
 * then answer text, then exactly one done whose sources point into the demo lectures; refusals come
 * as typed errors before any event and leave no question on record; the event stream's headers hold
 * for proxies. Both SSE endpoints are exercised: yoga's /graphql (the web app's graphql-sse client in
 * distinct-connections mode) and the graphql-sse plugin's /graphql/stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askToEnd, demoQuestion, shapeOf, SSE_ENDPOINTS, type AskAIResult } from './ai-fixture';
import { startPlatform, type Platform, type TestGateway } from './harness';

let platform: Platform;
let gateway: TestGateway;
let studentToken: string;

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway();
  studentToken = (await platform.signIn('student', 'Student2026')).token;
});

afterAll(async () => {
  await platform?.stop();
});

const questionsOf = (userId: number): number =>
  (platform.db.prepare('SELECT count(*) AS n FROM ai_questions WHERE user_id = ?').get(userId) as { n: number }).n;

/** A fresh person with a session: the per-user limits start from nothing. */
async function newAsker(name: string): Promise<{ userId: number; token: string }> {
  const userId = await platform.addUser(name);
  const { token } = await platform.signIn(name, 'Passw0rd2026');
  return { userId, token };
}

function events(results: AskAIResult[]) {
  return results.map((result) => result.data!.askAI);
}

describe.each(SSE_ENDPOINTS)('askAI over %s', (endpoint) => {
  it('streams deep thinking, then the answer, then one done citing seconds of the demo lectures', async () => {
    const asked = demoQuestion(platform.db);
    const results = await askToEnd(
      gateway.url,
      endpoint,
      { question: asked.question, deepThinking: true },
      studentToken,
    );
    expect(results.every((result) => !result.errors)).toBe(true);
    const shape = shapeOf(results);
    // thinking first, then answer, exactly one done, last
    const firstAnswer = shape.indexOf('AIAnswerDelta');
    expect(shape[0]).toBe('AIThinkingDelta');
    expect(firstAnswer).toBeGreaterThan(0);
    expect(shape.slice(0, firstAnswer).every((kind) => kind === 'AIThinkingDelta')).toBe(true);
    expect(shape.slice(firstAnswer, -1).every((kind) => kind === 'AIAnswerDelta')).toBe(true);
    expect(shape.filter((kind) => kind === 'AIAnswerDone')).toHaveLength(1);
    expect(shape.at(-1)).toBe('AIAnswerDone');

    const all = events(results);
    const answer = all
      .filter((event) => event.__typename === 'AIAnswerDelta')
      .map((event) => event.text)
      .join('');
    const sources = all.at(-1)!.sources!;
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.map((source) => source.index)).toEqual(sources.map((_, i) => i + 1));
    for (const source of sources) {
      const video = platform.db
        .prepare(
          'SELECT v.course_id AS courseId, v.name, v.duration_seconds AS duration, c.catalogue_id AS catalogueId, c.name AS courseName FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = ?',
        )
        .get(source.videoId) as
        { courseId: number; name: string; duration: number; catalogueId: number; courseName: string } | undefined;
      expect(video, `source video ${source.videoId}`).toBeDefined();
      expect(source).toMatchObject({
        courseId: video!.courseId,
        catalogueId: video!.catalogueId,
        videoName: video!.name,
        courseName: video!.courseName,
      });
      expect(source.timePoint).toBeGreaterThanOrEqual(0);
      expect(source.timePoint).toBeLessThanOrEqual(video!.duration);
      expect(source.timeLabel).toMatch(/^(\d+:)?\d{2}:\d{2}$/);
      expect(source.playPath).toBe(
        `/Play?catalogId=${source.catalogueId}&courseId=${source.courseId}&videoId=${source.videoId}&vtime=${source.timePoint}`,
      );
      expect(source.excerpt.length).toBeGreaterThan(0);
    }
    // every citation marker [n] of the answer has its source
    const markers = [...answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
    expect(markers.length).toBeGreaterThan(0);
    for (const marker of markers) expect(marker).toBeLessThanOrEqual(sources.length);
    // the answer draws on lectures that speak of what was asked (its keyframes, transcript or abstract)
    const mentions = platform.db.prepare(
      `SELECT 1 FROM videos v WHERE v.id = ? AND (v.abstract LIKE '%' || ? || '%'
         OR EXISTS (SELECT 1 FROM video_keyframes k WHERE k.video_id = v.id AND (k.key_points LIKE '%' || ? || '%' OR k.description LIKE '%' || ? || '%'))
         OR EXISTS (SELECT 1 FROM video_transcripts t WHERE t.video_id = v.id AND t.text LIKE '%' || ? || '%'))`,
    );
    const k = asked.keyPoints;
    expect(
      sources.some((source) => mentions.get(source.videoId, k, k, k, k) !== undefined),
      `a source speaking of ${k}`,
    ).toBe(true);
  });

  it('answers without thinking when deep thinking is off', async () => {
    const results = await askToEnd(
      gateway.url,
      endpoint,
      { question: demoQuestion(platform.db, 1).question },
      studentToken,
    );
    const shape = shapeOf(results);
    expect(shape).not.toContain('AIThinkingDelta');
    expect(shape.at(-1)).toBe('AIAnswerDone');
  });

  it('refuses a visitor with LOGIN_REQUIRED before any event, and asks the upstream nothing', async () => {
    const before = (platform.db.prepare('SELECT count(*) AS n FROM ai_questions').get() as { n: number }).n;
    const results = await askToEnd(gateway.url, endpoint, { question: '什么是矛盾？' });
    expect(results).toHaveLength(1);
    expect(results[0]!.data ?? null).toBeNull();
    expect(results[0]!.errors).toEqual([
      expect.objectContaining({ message: '请先登录', extensions: { code: 'LOGIN_REQUIRED' } }),
    ]);
    expect((platform.db.prepare('SELECT count(*) AS n FROM ai_questions').get() as { n: number }).n).toBe(before);
  });

  it('refuses an empty and a 201-character question with INVALID on `question` (§5 sentences)', async () => {
    const studentId = await platform.userId('student');
    const before = questionsOf(studentId);
    const empty = await askToEnd(gateway.url, endpoint, { question: '  \n ' }, studentToken);
    expect(empty).toHaveLength(1);
    expect(empty[0]!.errors).toEqual([
      expect.objectContaining({ message: '请输入内容', extensions: { code: 'INVALID', field: 'question' } }),
    ]);
    const long = await askToEnd(gateway.url, endpoint, { question: '问'.repeat(201) }, studentToken);
    expect(long).toHaveLength(1);
    expect(long[0]!.errors).toEqual([
      expect.objectContaining({ message: '输入限200字以内', extensions: { code: 'INVALID', field: 'question' } }),
    ]);
    const badClient = await askToEnd(
      gateway.url,
      endpoint,
      { question: '什么是矛盾？', clientId: 'not valid!' },
      studentToken,
    );
    expect(badClient[0]!.errors![0]!.extensions).toEqual({ code: 'INVALID', field: 'clientId' });
    const badVideo = await askToEnd(gateway.url, endpoint, { question: '什么是矛盾？', videoId: -3 }, studentToken);
    expect(badVideo[0]!.errors![0]!.extensions).toEqual({ code: 'INVALID', field: 'videoId' });
    expect(questionsOf(studentId)).toBe(before);
  });
});

describe('askAI rules the upstream judges', () => {
  it('passes the per-user rate limit on as REFUSED with its sentence, before any event', async () => {
    const asker = await newAsker('ai-rate');
    const question = demoQuestion(platform.db, 2).question;
    for (let i = 0; i < 10; i += 1) {
      const results = await askToEnd(gateway.url, '/graphql', { question, clientId: 'rate-test' }, asker.token);
      expect(shapeOf(results).at(-1)).toBe('AIAnswerDone');
    }
    const refused = await askToEnd(gateway.url, '/graphql', { question }, asker.token);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.errors).toEqual([
      expect.objectContaining({ message: '提问太频繁，请稍后再试', extensions: { code: 'REFUSED' } }),
    ]);
    // the gateway sent the viewer's id and the client's conversation id, never the client's idea of a user
    const rows = platform.db
      .prepare('SELECT client_id AS clientId, model, outcome FROM ai_questions WHERE user_id = ?')
      .all(asker.userId) as {
      clientId: string;
      model: string;
      outcome: string;
    }[];
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.clientId === 'rate-test' && row.model === 'chat' && row.outcome === 'end')).toBe(
      true,
    );
  });

  it('answers UNAVAILABLE before any event when the upstream cannot be reached', async () => {
    // the login service still knows the viewer; the main API's address refuses connections
    const cut = await platform.gateway({ UPSTREAM_URL: 'http://127.0.0.1:1' });
    for (const endpoint of SSE_ENDPOINTS) {
      const results = await askToEnd(cut.url, endpoint, { question: '什么是矛盾？' }, studentToken);
      expect(results).toHaveLength(1);
      expect(results[0]!.errors).toEqual([
        expect.objectContaining({ message: '服务暂时不可用，请稍后再试', extensions: { code: 'UNAVAILABLE' } }),
      ]);
      expect(JSON.stringify(results)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
    }
  });

  it('names the unknown video or course asked about', async () => {
    const results = await askToEnd(
      gateway.url,
      '/graphql',
      { question: '什么是矛盾？', videoId: 99_999_999 },
      studentToken,
    );
    expect(results).toHaveLength(1);
    expect(results[0]!.errors![0]!).toMatchObject({
      message: '视频不存在',
      extensions: { code: 'INVALID', field: 'videoId' },
    });
    const course = await askToEnd(
      gateway.url,
      '/graphql',
      { question: '什么是矛盾？', courseId: 99_999_999, videoId: 1 },
      studentToken,
    );
    expect(course[0]!.errors![0]!).toMatchObject({
      message: '课程不存在',
      extensions: { code: 'INVALID', field: 'courseId' },
    });
  });

  it('records deep thinking as model reasoner and a made-up clientId when the client sends none', async () => {
    const asker = await newAsker('ai-model');
    await askToEnd(
      gateway.url,
      '/graphql/stream',
      { question: demoQuestion(platform.db).question, deepThinking: true },
      asker.token,
    );
    const row = platform.db
      .prepare('SELECT client_id AS clientId, model FROM ai_questions WHERE user_id = ?')
      .get(asker.userId) as { clientId: string; model: string };
    expect(row.model).toBe('reasoner');
    expect(row.clientId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});

describe('the event stream over HTTP', () => {
  it.each(SSE_ENDPOINTS)(
    '%s answers an unbuffered, uncompressed event stream, even to a client that accepts gzip',
    async (endpoint) => {
      const body = JSON.stringify({
        query: 'subscription { askAI(input: { question: "什么是矛盾？" }) { __typename } }',
      });
      const response = await fetch(`${gateway.url}${endpoint}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          'accept-encoding': 'gzip, br',
          'x-graphql-yoga-csrf': '1',
          cookie: `utoken=${studentToken}`,
        },
        body,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('x-accel-buffering')).toBe('no');
      expect(response.headers.get('cache-control')).toContain('no-transform');
      expect(['gzip', 'br', 'deflate']).not.toContain(response.headers.get('content-encoding'));
      const text = await response.text();
      expect(text).toContain('AIAnswerDone');
      expect(text).toMatch(/event: complete/);
    },
  );

  it('refuses a cross-site form post to the stream endpoint (CSRF) and an over-long body', async () => {
    const csrf = await fetch(`${gateway.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', accept: 'text/event-stream', cookie: `utoken=${studentToken}` },
      body: JSON.stringify({ query: 'subscription { askAI(input: { question: "什么是矛盾？" }) { __typename } }' }),
    });
    expect(csrf.status).toBe(403);
    expect(((await csrf.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe(
      'CSRF_REJECTED',
    );
  });

  it('counts a subscription as several upstream calls in the cost limit', async () => {
    // a deep selection that would pass as a query fails once the answer's weight is added
    const { measureOperation } = await import('../../gateway/src/yoga/operationCost');
    const { COST_MODEL, AI_ANSWER_CALLS } = await import('../../gateway/src/yoga/limits');
    const { createSchema } = await import('../../gateway/src/schema');
    const { parse } = await import('graphql');
    const cost = measureOperation(
      createSchema(),
      parse('subscription { askAI(input: { question: "问" }) { __typename } }'),
      undefined,
      {},
      COST_MODEL,
    );
    expect(cost?.upstreamCalls).toBe(AI_ANSWER_CALLS);
    expect(AI_ANSWER_CALLS).toBeGreaterThan(1);
  });
});
