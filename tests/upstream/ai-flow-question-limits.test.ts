/**
 * flowQuestion's service (upstream/src/main-api/services/flow-question.ts) over a real store and real HTTP
 * responses, for what the main API's defaults make slow or impossible to reach through it: the
 * cap on answers streaming at once across users (AI_MAX_CONCURRENT), a client that stops
 * reading (the stream deadline ends it and frees the user's slot), and a visitor account (the
 * reference store holds only userType 1 and 2; another backend's users table may hold visitors).
 * The provider is a stand-in that streams without end: what is tested is the service around it.
 */
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_STREAMING,
  createFlowQuestionService,
  type AcceptedQuestion,
  type QuestionInput,
} from '../../upstream/src/main-api/services/flow-question';
import type { AnswerProvider } from '../../upstream/src/ai/provider';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { createRetrievalProvider } from '../../upstream/src/ai/providers/retrieval';
import type { MainApiData } from '../../upstream/src/main-api/data';
import { startTestApi, type TestApi } from './harness';

const QUESTION = '唯物辩证法的基本规律是什么？';

/** answers without end, in large pieces, until aborted */
const endlessProvider: AnswerProvider = {
  name: 'endless',
  async *answer({ signal }) {
    while (!signal.aborted) {
      yield { kind: 'answer', text: '讲'.repeat(16_000) };
      await new Promise((resolve) => setImmediate(resolve));
    }
  },
};

describe('flowQuestion limits', () => {
  let api: TestApi;
  let server: Server;
  let url: string;
  /** the next accepted questions to send, and the promises of those sent */
  const queue: AcceptedQuestion[] = [];
  let names = 0;
  const newUser = async () =>
    (
      await api.store.users.insert(
        { userName: `limit${names++}`, passwordHash: null, userType: 1, comId: null, realName: '' },
        Date.now(),
      )
    ).userId;
  const input = (userId: number): QuestionInput => ({
    question: QUESTION,
    userId,
    clientId: '',
    model: 'chat',
    courseId: 0,
    videoId: 0,
  });

  /** sends the accepted question to a client; resolves when send() settles on the server */
  function serve(accepted: AcceptedQuestion): Promise<void> {
    return new Promise((resolve, reject) => {
      queue.push(accepted);
      sending.push({ resolve, reject });
    });
  }
  const sending: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    server = createServer((req, res) => {
      const accepted = queue.shift()!;
      const done = sending.shift()!;
      accepted.send(req, res).then(done.resolve, done.reject);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await api.stop();
  });

  /** a client that reads the whole stream */
  const readAll = () =>
    new Promise<string>((resolve, reject) => {
      get(url, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
        res.on('error', reject);
      }).on('error', reject);
    });

  /** a client that never reads what it is sent; resolves with the response once it has begun */
  const neverRead = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const request = get(url, (res) => {
        res.on('error', () => {});
        resolve(res);
      });
      request.on('error', () => {});
      request.setTimeout(0);
      void reject;
    });

  it('reads AI_MAX_CONCURRENT, a positive integer, else streams up to 256 answers at once', () => {
    expect(DEFAULT_MAX_STREAMING).toBe(256);
    expect(loadUpstreamConfig({}).ai.maxConcurrent).toBe(256);
    expect(loadUpstreamConfig({ AI_MAX_CONCURRENT: ' 8 ' }).ai.maxConcurrent).toBe(8);
    expect(() => loadUpstreamConfig({ AI_MAX_CONCURRENT: '0' })).toThrow('AI_MAX_CONCURRENT');
    expect(() => loadUpstreamConfig({ AI_MAX_CONCURRENT: 'many' })).toThrow('AI_MAX_CONCURRENT');
  });

  it('refuses, before streaming, a question over the cap of answers streaming at once: 当前提问人数较多，请稍后再试', async () => {
    const service = createFlowQuestionService(api.store, { provider: createRetrievalProvider(), maxStreaming: 1 });
    const first = await service.accept(input(await newUser()));
    const other = await newUser();
    await expect(service.accept(input(other))).rejects.toThrow(
      expect.objectContaining({ code: -1, message: '当前提问人数较多，请稍后再试' }),
    );
    // not recorded: it does not count against the asker's minute
    expect(await api.store.aiQuestions.countSince(other, 0)).toBe(0);
    const sent = serve(first);
    expect(await readAll()).toContain('data: end:');
    await sent;
    // the answer over, its slot is free
    expect((await service.accept(input(other))).id).toBeGreaterThan(0);
  });

  it('ends the stream of a client that stops reading at the deadline, freeing its slot', async () => {
    const service = createFlowQuestionService(api.store, { provider: endlessProvider, streamDeadlineMs: 300 });
    const userId = await newUser();
    const stuck = [await service.accept(input(userId)), await service.accept(input(userId))];
    const sends = stuck.map((accepted) => serve(accepted));
    const responses = await Promise.all(stuck.map(() => neverRead()));
    await expect(service.accept(input(userId))).rejects.toThrow('正在解答中请稍等...');
    await Promise.all(sends);
    for (const accepted of stuck) expect((await api.store.aiQuestions.get(accepted.id))!.outcome).toBe('aborted');
    for (const res of responses) res.destroy();
    expect((await service.accept(input(userId))).id).toBeGreaterThan(0);
  });

  it('refuses a visitor (userType -1 or 0): 请先登录后再提问', async () => {
    const userId = await newUser();
    for (const userType of [-1, 0]) {
      const users = {
        ...api.store.users,
        get: async (id: number) => ({ ...(await api.store.users.get(id))!, userType }),
      };
      const service = createFlowQuestionService({ ...api.store, users } as MainApiData, {
        provider: createRetrievalProvider(),
      });
      await expect(service.accept(input(userId)), `userType ${userType}`).rejects.toThrow(
        expect.objectContaining({ code: -1, message: '请先登录后再提问' }),
      );
    }
    expect(await api.store.aiQuestions.countSince(userId, 0)).toBe(0);
  });
});
