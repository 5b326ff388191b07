/**
 * AI_EMBEDDING_MODEL with the openai-compatible provider, against the local stand-in server: the
 * provider's embed (POST /embeddings, vectors put back in the texts' order, a refusal or a malformed
 * answer thrown) and, through flowQuestion over real signed HTTP, the question and its BM25
 * candidates embedded for every question; an embeddings server that fails leaves BM25 alone and
 * the answer still comes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleProvider } from '../../upstream/src/ai/providers/openai-compatible';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { characterBagVector, startOpenAiStandIn, type OpenAiStandIn } from '../support/openai-stand-in';
import { answerParts, ask } from './ai-stream-client';
import { lectureContent } from './ai-lecture-fixture';
import { startTestApi, type TestApi } from './harness';

const QUESTION = '唯物辩证法的基本规律是什么？';

describe('embeddings of the openai-compatible provider', () => {
  let standIn: OpenAiStandIn;
  let api: TestApi;
  let names = 0;
  const newUser = async () =>
    (
      await api.store.users.insert(
        { userName: `emb${names++}`, passwordHash: null, userType: 1, comId: null, realName: '' },
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
        AI_API_KEY: 'sk-embed',
        AI_CHAT_MODEL: 'stand-in-chat',
        AI_EMBEDDING_MODEL: 'stand-in-embed',
      },
    });
  });
  afterEach(() => {
    standIn.release();
    standIn.embeddingStatus = 200;
    standIn.embedText = characterBagVector;
  });
  afterAll(async () => {
    await api.stop();
    await standIn.close();
  });

  const providerOf = (env: Record<string, string>) =>
    createOpenAiCompatibleProvider(
      loadUpstreamConfig({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: standIn.baseUrl, ...env }).ai,
    );

  it('is offered only with AI_EMBEDDING_MODEL, and puts the vectors back in the order of the texts', async () => {
    expect(providerOf({}).embed).toBeUndefined();
    const provider = providerOf({ AI_EMBEDDING_MODEL: 'stand-in-embed', AI_API_KEY: 'sk-x' });
    const texts = ['矛盾', '实践是检验真理的唯一标准', '物质'];
    const vectors = await provider.embed!(texts);
    // the stand-in answers in reverse order, with indexes
    expect(vectors).toEqual(texts.map(characterBagVector));
    const request = standIn.embeddingRequests.at(-1)!;
    expect(request.body).toEqual({ model: 'stand-in-embed', input: texts });
    expect(request.headers.authorization).toBe('Bearer sk-x');
  });

  it('throws on a refusal, a malformed answer or vectors of different lengths', async () => {
    const provider = providerOf({ AI_EMBEDDING_MODEL: 'stand-in-embed' });
    standIn.embeddingStatus = 503;
    await expect(provider.embed!(['矛盾'])).rejects.toThrow('503');
    standIn.embeddingStatus = 200;
    standIn.embedText = () => [];
    await expect(provider.embed!(['矛盾'])).rejects.toThrow('malformed');
    standIn.embedText = (text) => (text === '矛盾' ? [1, 0] : [1, 0, 0]);
    await expect(provider.embed!(['矛盾', '物质'])).rejects.toThrow('incomplete');
  });

  /** the texts of the passages the model was last sent, in their order ("[n] 课程…，讲稿：text") */
  const promptTexts = (): string[] => {
    const request = standIn.requests
      .filter((r) => r.body.messages.some((m) => m.content.includes('\n\n问题：')))
      .at(-1)!;
    const user = request.body.messages.find((m) => m.role === 'user')!.content;
    return [...user.matchAll(/^\[\d+\] .*?，\d[\d:]*，(?:讲稿|知识点|视频简介|课程介绍)：(.*)$/gm)].map((m) => m[1]!);
  };

  it('embeds the question with its BM25 candidates for every question; a failing embeddings server leaves BM25 alone', async () => {
    // BM25 alone (the embeddings server refuses): the answer still comes, from the best BM25 passages
    standIn.embeddingStatus = 500;
    standIn.script = [{ content: '回答[1]。' }, { finish: true }];
    const plain = await ask(api.client, { question: QUESTION, userId: await newUser() });
    expect(plain.status).toBe(200);
    expect(answerParts(plain.chunks).sources).toHaveLength(1);
    const candidates = standIn.embeddingRequests.at(-1)!.body.input;
    expect(candidates[0]).toBe(QUESTION);
    expect(candidates.length).toBeGreaterThan(6);
    const plainOrder = promptTexts();
    expect(plainOrder.length).toBeGreaterThan(2);
    for (const text of plainOrder) expect(candidates).toContain(text);

    // embeddings answered: the same candidates are embedded and the answer comes (how the two
    // rankings fuse is proven on the knowledge base itself, tests/upstream/ai-knowledge-sync.test.ts)
    standIn.embeddingStatus = 200;
    const before = standIn.embeddingRequests.length;
    standIn.script = [{ content: '回答[1]。' }, { finish: true }];
    const fused = await ask(api.client, { question: QUESTION, userId: await newUser() });
    expect(fused.status).toBe(200);
    expect(answerParts(fused.chunks).sources).toHaveLength(1);
    expect(standIn.embeddingRequests).toHaveLength(before + 1);
    expect(standIn.embeddingRequests.at(-1)!.body).toEqual({ model: 'stand-in-embed', input: candidates });
  });
});
