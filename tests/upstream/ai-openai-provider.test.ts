/**
 * AI_PROVIDER=openai-compatible against a local stand-in of an OpenAI-compatible server
 * (tests/support/openai-stand-in.ts), through flowQuestion over real signed HTTP: what the model
 * is sent, reasoning_content as thinking and content as answer, citation markers split across
 * the model's chunks reaching the client whole and mapped to the right sources, a model that
 * breaks off or refuses, a client that goes away (the model's request is cancelled), and the
 * limit of two answers streaming at once per user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Passage } from '../../upstream/src/ai/provider';
import { createOpenAiCompatibleProvider } from '../../upstream/src/ai/providers/openai-compatible';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-stand-in';
import { answerParts, ask } from './ai-stream-client';
import { lectureContent } from './ai-lecture-fixture';
import { startTestApi, type TestApi } from './harness';

const QUESTION = '唯物辩证法的基本规律是什么？';
const API_KEY = 'sk-stand-in-0123456789';

describe('openai-compatible provider', () => {
  let standIn: OpenAiStandIn;
  let api: TestApi;
  let names = 0;
  const newUser = async () =>
    (
      await api.store.users.insert(
        { userName: `oa${names++}`, passwordHash: null, userType: 1, comId: null, realName: '' },
        Date.now(),
      )
    ).userId;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    api = await startTestApi({
      content: lectureContent(),
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseUrl,
        AI_API_KEY: API_KEY,
        AI_CHAT_MODEL: 'stand-in-chat',
        AI_REASONING_MODEL: 'stand-in-reasoner',
      },
    });
  });
  afterEach(() => standIn.release());
  afterAll(async () => {
    await api.stop();
    await standIn.close();
  });

  /**
   * the stand-in's requests for answers (the main API also asks it to write AI content in the
   * background: those carry no question)
   */
  const answerRequests = () =>
    standIn.requests.filter((r) => r.body.messages.some((m) => m.role === 'user' && m.content.includes('\n\n问题：')));

  /** the passages the model was sent: [n] → "《video》mm:ss" as the prompt numbers them */
  function promptPassages(index: number): Map<number, { videoName: string; time: string }> {
    const user = answerRequests()[index]!.body.messages.find((m) => m.role === 'user')!.content;
    const passages = new Map<number, { videoName: string; time: string }>();
    for (const m of user.matchAll(/^\[(\d+)\] 课程《[^》]*》（讲师：[^）]*），视频《([^》]*)》，([\d:]+)，/gm)) {
      passages.set(Number(m[1]), { videoName: m[2]!, time: m[3]! });
    }
    return passages;
  }

  it('streams reasoning as thinking and content as answer, markers whole and mapped to their sources', async () => {
    standIn.script = [
      { reasoning: '先看资料[1]和' },
      { reasoning: '资料[2]。' },
      { content: '唯物辩证法有三大规律' },
      { content: '[' },
      { content: '2' },
      { content: ']，其中对立统一规律是核心【' },
      { content: '1】。再看[1,' },
      { content: '2]和不存在的[9]。' },
      { content: 'end:这不是结尾' },
      { finish: true },
    ];
    const before = answerRequests().length;
    const result = await ask(api.client, { question: QUESTION, userId: await newUser(), model: 'reasoner' });
    expect(result.status).toBe(200);

    // what the model was asked
    const request = answerRequests()[before]!;
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body.model).toBe('stand-in-reasoner');
    expect(request.body.stream).toBe(true);
    const system = request.body.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('只能依据');
    expect(system).toContain('[n]');
    const user = request.body.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain(`问题：${QUESTION}`);
    const sent = promptPassages(before);
    expect(sent.size).toBeGreaterThanOrEqual(2);

    const { thinking, answer, answerChunks, sources } = answerParts(result.chunks);
    const firstAnswer = result.chunks.findIndex((c) => !c.startsWith('r1:'));
    expect(result.chunks.slice(0, firstAnswer).every((c) => c.startsWith('r1:'))).toBe(true);
    expect(thinking).toBe('先看资料[1]和资料[2]。');
    // the model's [2] is cited first: it becomes [1]; its [1] becomes [2]; [9] names nothing
    expect(answer).toBe('唯物辩证法有三大规律[1]，其中对立统一规律是核心[2]。再看[2][1]和不存在的。end:这不是结尾');
    for (const chunk of answerChunks) {
      expect(chunk).not.toMatch(/^(r1:|end:|err:)/);
      expect(chunk.replace(/\[\d+\]/g, '')).not.toMatch(/[[\]【】]/);
    }
    expect(sources).toHaveLength(2);
    expect(sources!.map((s) => s.index)).toEqual([1, 2]);
    expect({ videoName: sources![0]!.videoName, time: sources![0]!.keyPointsShow }).toEqual(sent.get(2));
    expect({ videoName: sources![1]!.videoName, time: sources![1]!.keyPointsShow }).toEqual(sent.get(1));
  });

  it('sends the model the passages that answer a paraphrased question, the one that defines it first', async () => {
    standIn.script = [{ content: '回答[1]。' }, { finish: true }];
    const before = answerRequests().length;
    // 兼爱 (video 72) described without its name, under its author's other name 墨翟
    const result = await ask(api.client, {
      question: '墨翟那个要求不分亲疏远近地爱所有人的主张叫什么',
      userId: await newUser(),
    });
    expect(result.status).toBe(200);
    const user = answerRequests()[before]!.body.messages.find((m) => m.role === 'user')!.content;
    const sent = promptPassages(before);
    expect(sent.get(1)).toMatchObject({ videoName: '先秦诸子思想（2）' });
    expect(user).toContain('兼爱是墨子的核心主张，要求不分亲疏远近地爱一切人');
    expect(answerParts(result.chunks).sources![0]!.videoId).toBe(72);
  });

  it('uses the chat model for model=chat and shows no thinking', async () => {
    standIn.script = [{ content: '回答[1]。' }, { finish: true }];
    const before = answerRequests().length;
    const result = await ask(api.client, { question: QUESTION, userId: await newUser() });
    expect(answerRequests()[before]!.body.model).toBe('stand-in-chat');
    const { thinking, answer, sources } = answerParts(result.chunks);
    expect(thinking).toBe('');
    expect(answer).toBe('回答[1]。');
    expect(sources).toHaveLength(1);
  });

  it('sends end:[] when the answer cites nothing', async () => {
    standIn.script = [{ content: '唯物辩证法有三大规律。' }, { finish: true }];
    const result = await ask(api.client, { question: QUESTION, userId: await newUser() });
    const { answer, sources } = answerParts(result.chunks);
    expect(answer).toBe('唯物辩证法有三大规律。');
    expect(sources).toEqual([]);
  });

  it('fails with err: when the model sends a line longer than 64 KB, without buffering it', async () => {
    standIn.script = [{ content: '开头' }, { content: '长'.repeat(70_000) }, { finish: true }];
    const result = await ask(api.client, { question: QUESTION, userId: await newUser() });
    expect(result.chunks.map((c) => c.slice(0, 40))).toEqual(['开头', 'err:AI 服务暂时不可用，请稍后再试']);
    const request = answerRequests()[answerRequests().length - 1]!;
    await request.over;
  });

  it('ends with err: and no end: when the model breaks off', async () => {
    standIn.script = [{ reasoning: '想一想' }, { content: '前半句' }, { breakOff: true }];
    const userId = await newUser();
    const result = await ask(api.client, { question: QUESTION, userId, model: 'reasoner' });
    expect(result.chunks[result.chunks.length - 1]).toBe('err:AI 服务暂时不可用，请稍后再试');
    expect(result.chunks.some((c) => c.startsWith('end:'))).toBe(false);
    expect(answerParts(result.chunks).answer).toBe('前半句');
    expect((await api.store.aiQuestions.latest(userId))!.outcome).toBe('err');
  });

  it('ends with err: when the model refuses, without passing on what it said', async () => {
    standIn.script = [{ status: 500 }];
    const result = await ask(api.client, { question: QUESTION, userId: await newUser() });
    expect(result.chunks).toEqual(['err:AI 服务暂时不可用，请稍后再试']);
  });

  it('does not ask the model when the knowledge base has nothing relevant', async () => {
    standIn.script = [{ content: '编造的回答' }, { finish: true }];
    const before = answerRequests().length;
    const result = await ask(api.client, { question: '红烧肉怎么做才好吃', userId: await newUser() });
    expect(
      answerRequests()
        .slice(before)
        .map((r) => r.body.messages[1]?.content),
    ).toEqual([]);
    const { answer, sources } = answerParts(result.chunks);
    expect(answer.startsWith('知识库中没有找到与这个问题相关的课程内容。')).toBe(true);
    expect(sources).toEqual([]);
  });

  it("cancels the model's request when the client goes away", async () => {
    standIn.script = [{ content: '开始回答' }, { hold: true }, { content: '不该送达' }, { finish: true }];
    const before = answerRequests().length;
    const userId = await newUser();
    const result = await ask(api.client, { question: QUESTION, userId }, () => true);
    expect(result.chunks).toEqual(['开始回答']);
    const request = await until(() => answerRequests()[before]);
    await request.over;
    expect(request.closedEarly).toBe(true);
    const record = await until(async () => {
      const row = await api.store.aiQuestions.latest(userId);
      return row && row.outcome !== 'streaming' ? row : undefined;
    });
    expect(record.outcome).toBe('aborted');
  });

  it('gives up with AI 解答超时 when the model takes longer than the time limit (85 s in service)', async () => {
    standIn.script = [{ reasoning: '想' }, { hold: true }, { content: '太迟了' }, { finish: true }];
    const provider = createOpenAiCompatibleProvider(
      {
        provider: 'openai-compatible',
        baseUrl: standIn.baseUrl,
        apiKey: null,
        chatModel: 'c',
        reasoningModel: 'r',
        maxConcurrent: 256,
        embeddingModel: null,
        retrievalPaceMs: 0,
      },
      { timeoutMs: 300 },
    );
    const passage: Passage = {
      chunkId: 1,
      videoId: 11,
      courseId: 1,
      catalogId: 100,
      videoName: '第一讲',
      courseName: '课程',
      authorName: '讲师',
      timePoint: 5,
      kind: 'transcript',
      text: '一段讲稿。',
      score: 1,
      matchedTerms: [],
    };
    const pieces: string[] = [];
    const answering = (async () => {
      for await (const piece of provider.answer({
        question: '问题',
        model: 'reasoner',
        passages: [passage],
        keywords: [],
        signal: new AbortController().signal,
      })) {
        pieces.push(`${piece.kind}:${piece.text}`);
      }
    })();
    await expect(answering).rejects.toThrow('AI 解答超时，请稍后再试');
    expect(pieces).toEqual(['thinking:想']);
    // and the model's request was cancelled
    const request = answerRequests()[answerRequests().length - 1]!;
    await request.over;
    expect(request.closedEarly).toBe(true);
  });

  it('lets one user have two answers streaming at once: 正在解答中请稍等...', async () => {
    standIn.script = [{ content: '稍等' }, { hold: true }, { content: '好了[1]' }, { finish: true }];
    const userId = await newUser();
    const started: Promise<void>[] = [];
    const answers = [0, 1].map(() => {
      let first!: () => void;
      started.push(new Promise<void>((resolve) => (first = resolve)));
      return ask(api.client, { question: QUESTION, userId }, () => {
        first();
      });
    });
    await Promise.all(started);
    const third = await ask(api.client, { question: QUESTION, userId });
    expect(third.envelope).toEqual({ code: -1, message: '正在解答中请稍等...', items: null });
    // another user is not held back by them
    standIn.script = [{ content: '另一位' }, { finish: true }];
    expect(answerParts((await ask(api.client, { question: QUESTION, userId: await newUser() })).chunks).answer).toBe(
      '另一位',
    );
    standIn.release();
    for (const done of await Promise.all(answers)) expect(answerParts(done.chunks).answer).toBe('稍等好了[1]');
    // both finished: the user may ask again
    standIn.script = [{ content: '又一个' }, { finish: true }];
    expect(answerParts((await ask(api.client, { question: QUESTION, userId })).chunks).answer).toBe('又一个');
  });
});

/** polls until fn returns a value */
async function until<T>(fn: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}
