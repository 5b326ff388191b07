/**
 * Retrieval quality of the AI Q&A over the demo content, through flowQuestion over signed HTTP
 * with the default `retrieval` provider: questions written by hand from the demo lectures, each
 * with the words of the lecture that answer it. For each, the lecture about it must be among the
 * top 3 sources, and a source of it must point at a second inside the transcript passage (or at
 * the keyframe) that says the answer. The right lectures are found here from the content, not by
 * the server's code: those whose abstract states the answer (a lecture's abstract defines its own
 * topic; lectures that only mention it do not).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import type { DemoContent } from '../../upstream/src/demo/types';
import { answerParts, ask } from './ai-stream-client';
import { startTestApi, type TestApi } from './harness';
import type { AiSource } from '../../upstream/src/main-api/contract';

interface Case {
  question: string;
  /** words of the demo lecture that answer it */
  answer: string;
}

const CASES: Case[] = [
  { question: '物质的唯一特性是什么？', answer: '客观实在性' },
  { question: '邓小平理论的精髓是什么', answer: '解放思想、实事求是是邓小平理论的精髓' },
  { question: '大庆精神的代表人物是谁？', answer: '王进喜' },
  { question: '什么是三段论', answer: '由两个前提推出一个结论' },
  { question: '东数西算工程是做什么的？', answer: '全国一体化算力网络' },
  { question: '古代的八议制度是怎么回事', answer: '八种特权人物' },
  { question: '怎样才算正当防卫？', answer: '正在进行的不法侵害' },
  { question: '陶行知的生活教育主张什么？', answer: '生活即教育' },
  { question: '新闻传播里的议程设置是什么意思', answer: '影响公众对议题重要性的判断' },
  { question: '青藏高原是怎么形成的？', answer: '印度洋板块与亚欧板块碰撞' },
  { question: 'HTTPS和HTTP协议有什么关系', answer: 'TLS加密' },
  { question: '植物嫁接是怎么回事？', answer: '愈合成为新植株' },
  { question: '图书馆学五定律是谁提出的', answer: '阮冈纳赞' },
  { question: '中国画为什么要留白', answer: '营造意境' },
  { question: '心即理是谁的观点？', answer: '陆九渊和王阳明' },
  { question: '质量互变规律讲的是什么', answer: '量变积累到一定程度必然引起质变' },
];

describe('AI retrieval quality over the demo lectures', () => {
  let content: DemoContent;
  let api: TestApi;
  let userId: number;

  beforeAll(async () => {
    content = generateDemoContent({ now: new Date() });
    api = await startTestApi({ content });
    userId = (
      await api.store.users.insert(
        { userName: 'quality', passwordHash: null, userType: 1, comId: null, realName: '' },
        Date.now(),
      )
    ).userId;
  });
  afterAll(() => api.stop());

  /** does the source point at a second where the video says the answer? */
  async function pointsAtAnswer(source: AiSource, answer: string): Promise<boolean> {
    const saidInTranscript = (await api.store.videos.transcript(source.videoId)).some(
      (p) =>
        p.text.includes(answer) &&
        Math.floor(p.startMs / 1000) <= source.timePoint &&
        source.timePoint <= p.endMs / 1000,
    );
    const saidAtKeyframe = (await api.store.videos.keyframes(source.videoId)).some(
      (k) => `${k.keyPoints}：${k.description}`.includes(answer) && k.timePoint === source.timePoint,
    );
    return saidInTranscript || saidAtKeyframe;
  }

  it('has at least 12 questions, each answered somewhere in the demo content', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(12);
    for (const c of CASES)
      expect(
        content.videos.some((v) => v.abstract.includes(c.answer)),
        c.question,
      ).toBe(true);
  });

  for (const c of CASES) {
    it(`${c.question} → the lecture that answers it, at the second it is said`, async () => {
      // the rate limit is per user and minute: each question asks as a user of its own
      const asker = (
        await api.store.users.insert(
          { userName: `q${CASES.indexOf(c)}`, passwordHash: null, userType: 1, comId: null, realName: '' },
          Date.now(),
        )
      ).userId;
      const result = await ask(api.client, { question: c.question, userId: asker, productId: 1 });
      expect(result.status).toBe(200);
      const { sources, answer } = answerParts(result.chunks);
      expect(sources, answer).not.toBeNull();
      const right = new Set(content.videos.filter((v) => v.abstract.includes(c.answer)).map((v) => v.id));
      const top = sources!.slice(0, 3);
      const fromRight = top.filter((s) => right.has(s.videoId));
      expect(
        fromRight.length,
        `${c.question}: ${JSON.stringify(top.map((s) => [s.videoId, s.videoName]))}`,
      ).toBeGreaterThan(0);
      expect(
        (await Promise.all(fromRight.map((s) => pointsAtAnswer(s, c.answer)))).some(Boolean),
        `${c.question}: ${JSON.stringify(fromRight.map((s) => [s.videoId, s.timePoint, s.excerpt]))}`,
      ).toBe(true);
      // the answer quotes the lectures and cites them
      expect(answer).toMatch(/\[1\]/);
    });
  }

  it('says honestly when the knowledge base has nothing on the question', async () => {
    for (const question of ['今天天气怎么样', '怎么做红烧肉', '世界杯足球赛谁夺冠了']) {
      const result = await ask(api.client, { question, userId, productId: 1 });
      const { sources, answer } = answerParts(result.chunks);
      expect(answer.startsWith('知识库中没有找到与这个问题相关的课程内容。'), answer).toBe(true);
      expect(sources).toEqual([]);
    }
  });
});
