/**
 * Query.aiSuggestedQuestions and Video.aiContent through GraphQL against the real upstream, with the
 * AI content a first start writes for the demo: the same questions and content as the upstream answers,
 * mapped to the schema; arguments checked; a failing GetAIContent answers null with an error on its
 * own path and keeps the play page (a proxy in front of the upstream fails that one call).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestAIContent } from '../../gateway/src/upstream/types';
import { seedAiContent } from '../../upstream/src/ai/content';
import { startPlatform, type Platform, type TestGateway } from './harness';

let platform: Platform;
let gateway: TestGateway;
let cookie: string;
let video: { videoId: number; courseId: number; catalogueId: number };

beforeAll(async () => {
  platform = await startPlatform();
  // as the first start of the platform does (the harness seeds the content only)
  await seedAiContent(platform.store);
  gateway = await platform.gateway();
  cookie = `utoken=${(await platform.signIn('student', 'Student2026')).token}`;
  video = platform.db
    .prepare(
      'SELECT v.id AS videoId, v.course_id AS courseId, c.catalogue_id AS catalogueId FROM videos v JOIN courses c ON c.id = v.course_id ORDER BY v.id LIMIT 1',
    )
    .get() as typeof video;
});

afterAll(async () => {
  await platform?.stop();
});

const SUGGESTIONS =
  'query Suggestions($courseId: Int, $videoId: Int, $first: Int) { aiSuggestedQuestions(courseId: $courseId, videoId: $videoId, first: $first) }';

const AI_CONTENT = `query PlayAI($courseId: Int!, $videoId: Int) {
  playPage(courseId: $courseId, videoId: $videoId) {
    video {
      videoId
      aiContent {
        courseOverview
        coreContent { tagId tagName tagType parentId catalogLevel }
        videoAbstract
        keyPoints { timePoint keyPointsShow description }
        guessYouAsk
        relatedMajors { code name majorClass discipline }
      }
    }
  }
}`;

describe('Query.aiSuggestedQuestions', () => {
  it("answers a video's suggested questions as the upstream has them, to anyone", async () => {
    const expected = await platform.upstream.get<{ question: string }[]>('/api/ai/recommend', {
      videoId: video.videoId,
      courseId: video.courseId,
      limit: 6,
    });
    expect(expected.length).toBeGreaterThan(0);
    const response = await gateway.graphql(SUGGESTIONS, { courseId: video.courseId, videoId: video.videoId });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.aiSuggestedQuestions).toEqual(expected.map((item) => item.question));
  });

  it('answers general questions without a course or video, at most `first`', async () => {
    const response = await gateway.graphql(SUGGESTIONS, { first: 3 });
    const questions = response.body.data.aiSuggestedQuestions as string[];
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThanOrEqual(3);
    expect(questions.every((question) => question.trim() !== '' && [...question].length <= 200)).toBe(true);
  });

  it('refuses first outside 1..20 and a negative id before calling the upstream', async () => {
    for (const variables of [{ first: 21 }, { first: 0 }, { videoId: -1 }]) {
      const response = await gateway.graphql(SUGGESTIONS, variables);
      expect(response.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(response.body.extensions?.upstreamRequests).toBe(0);
    }
  });
});

describe('Video.aiContent', () => {
  it("is the video's generated content, mapped to the schema", async () => {
    const expected = await platform.upstream.get<RestAIContent | null>('/api/ai/GetAIContent', {
      videoId: video.videoId,
    });
    expect(expected).not.toBeNull();
    const response = await gateway.graphql(
      AI_CONTENT,
      { courseId: video.courseId, videoId: video.videoId },
      { cookie },
    );
    expect(response.body.errors).toBeUndefined();
    const content = response.body.data.playPage.video.aiContent;
    expect(content.courseOverview).toBe(expected!.courseOverview);
    expect(content.courseOverview.length).toBeGreaterThan(0);
    expect(content.videoAbstract).toBe(expected!.videoAbstract);
    expect(content.guessYouAsk).toEqual(expected!.guessYouAsk);
    expect(content.keyPoints.length).toBe(expected!.videoKeyframes!.length);
    const times = content.keyPoints.map((point: { timePoint: number }) => point.timePoint);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const point of content.keyPoints) expect(point.keyPointsShow).toMatch(/^(\d+:)?\d{2}:\d{2}$/);
    expect(content.coreContent.map((tag: { tagName: string; tagId: number }) => [tag.tagName, tag.tagId])).toEqual(
      expected!.coreContent!.map((tag) => [tag.tagName, tag.id ?? 0]),
    );
    expect(content.relatedMajors.length).toBeGreaterThan(0);
    for (const major of content.relatedMajors) expect(major.code).toMatch(/^\d{6}[A-Z]{0,2}$/);
  });

  it('costs one upstream call per video asked', async () => {
    const without = await gateway.graphql(
      'query($courseId: Int!, $videoId: Int) { playPage(courseId: $courseId, videoId: $videoId) { video { videoId } } }',
      { courseId: video.courseId, videoId: video.videoId },
      { cookie },
    );
    const withContent = await gateway.graphql(
      AI_CONTENT,
      { courseId: video.courseId, videoId: video.videoId },
      { cookie },
    );
    expect(withContent.body.extensions!.upstreamRequests! - without.body.extensions!.upstreamRequests!).toBe(1);
  });

  describe('when GetAIContent fails', () => {
    let proxy: Server;
    let failingGateway: TestGateway;

    beforeAll(async () => {
      const upstreamUrl = new URL(platform.upstream.server.url);
      proxy = createServer((req, res) => {
        if (new URL(req.url ?? '/', 'http://proxy').pathname === '/api/ai/GetAIContent') {
          req.resume();
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 5000, message: '服务器内部错误', items: null }));
          return;
        }
        const forward = httpRequest(
          {
            host: upstreamUrl.hostname,
            port: upstreamUrl.port,
            path: req.url,
            method: req.method,
            headers: { ...req.headers, host: upstreamUrl.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on('error', () => res.destroy());
        req.pipe(forward);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      failingGateway = await platform.gateway({
        UPSTREAM_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      });
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    });

    it('answers null with an error on its own path and keeps the video', async () => {
      const response = await failingGateway.graphql(
        AI_CONTENT,
        { courseId: video.courseId, videoId: video.videoId },
        { cookie },
      );
      expect(response.body.data.playPage.video).toMatchObject({ videoId: video.videoId, aiContent: null });
      expect(response.body.errors).toEqual([
        expect.objectContaining({
          path: ['playPage', 'video', 'aiContent'],
          message: '服务暂时不可用，请稍后再试',
          extensions: { code: 'UPSTREAM_UNAVAILABLE' },
        }),
      ]);
      expect(JSON.stringify(response.body.errors)).not.toMatch(/5000|stack|\/api\//i);
    });
  });
});
