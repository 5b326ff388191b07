/**
 * askAI mid-answer, with the upstream on its `openai-compatible` provider pointed at a local stand-in
 * model server the test steers, so that an answer can be held open: closing the subscription cancels
 * the whole chain (the gateway aborts its upstream request, the upstream aborts the model's request
 * and records the answer as aborted); the upstream's limit of two answers at once arrives as REFUSED;
 * a model that breaks off mid-answer ends the subscription with the upstream's own sentence
 * (AI 服务暂时不可用，请稍后再试, upstream/src/ai/answer-texts.ts), code UNAVAILABLE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ask,
  askToEnd,
  demoQuestion,
  shapeOf,
  SSE_ENDPOINTS,
  startStandInModel,
  type StandInModel,
} from './ai-fixture';
import { startPlatform, type Platform, type TestGateway } from './harness';

let model: StandInModel;
let platform: Platform;
let gateway: TestGateway;

beforeAll(async () => {
  model = await startStandInModel();
  platform = await startPlatform({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: model.url });
  // longer than any test may take: only the gateway's abort, never its idle timeout, can end a held answer
  gateway = await platform.gateway({ UPSTREAM_TIMEOUT_MS: '120000' });
});

afterAll(async () => {
  await platform?.stop();
  await model?.stop();
});

async function newAsker(name: string): Promise<{ userId: number; token: string }> {
  const userId = await platform.addUser(name);
  const { token } = await platform.signIn(name, 'Passw0rd2026');
  return { userId, token };
}

/** The outcome of the user's questions, polled until none is still streaming. */
async function settledOutcomes(userId: number): Promise<string[]> {
  const read = () =>
    (
      platform.db.prepare('SELECT outcome FROM ai_questions WHERE user_id = ? ORDER BY id').all(userId) as {
        outcome: string;
      }[]
    ).map((row) => row.outcome);
  await expect.poll(() => read().includes('streaming'), { timeout: 10_000 }).toBe(false);
  return read();
}

describe.each(SSE_ENDPOINTS)('askAI over %s with a model that streams', (endpoint) => {
  it("streams the model's thinking and answer with the citation made whole, then done", async () => {
    model.behaviour = 'finish';
    const asker = await newAsker(`ai-finish-${endpoint.length}`);
    const results = await askToEnd(
      gateway.url,
      endpoint,
      { question: demoQuestion(platform.db).question, deepThinking: true },
      asker.token,
    );
    expect(shapeOf(results)[0]).toBe('AIThinkingDelta');
    expect(shapeOf(results).at(-1)).toBe('AIAnswerDone');
    const answer = results
      .filter((r) => r.data?.askAI.__typename === 'AIAnswerDelta')
      .map((r) => r.data!.askAI.text)
      .join('');
    expect(answer).toContain('[1]');
    expect(results.at(-1)!.data!.askAI.sources![0]!.index).toBe(1);
  });

  it('cancels the upstream answer and the model request when the subscriber goes away mid-answer', async () => {
    model.behaviour = 'hang';
    const asker = await newAsker(`ai-cancel-${endpoint.length}`);
    const closedBefore = model.closed();
    const asking = ask(
      gateway.url,
      endpoint,
      { question: demoQuestion(platform.db).question, deepThinking: true },
      asker.token,
    );
    // the answer is under way: thinking and the first answer piece came through, the model holds the rest
    await expect.poll(() => shapeOf(asking.results).includes('AIAnswerDelta'), { timeout: 10_000 }).toBe(true);
    expect(await settledOrStreaming(asker.userId)).toEqual(['streaming']);
    asking.close();
    // only the gateway's abort can end the upstream's request: the stand-in sees its request closed
    await model.closedRequests(closedBefore + 1);
    expect(await settledOutcomes(asker.userId)).toEqual(['aborted']);
    expect(shapeOf(asking.results)).not.toContain('AIAnswerDone');
  });

  it("ends with the upstream's sentence AI 服务暂时不可用，请稍后再试 when the model breaks off mid-answer", async () => {
    model.behaviour = 'break';
    const asker = await newAsker(`ai-break-${endpoint.length}`);
    const results = await askToEnd(
      gateway.url,
      endpoint,
      { question: demoQuestion(platform.db).question },
      asker.token,
    );
    const shape = shapeOf(results);
    expect(shape.at(-1)).toBe('error:UNAVAILABLE');
    expect(shape.filter((kind) => kind.startsWith('error'))).toHaveLength(1);
    expect(shape).not.toContain('AIAnswerDone');
    expect(results.at(-1)!.errors![0]!.message).toBe('AI 服务暂时不可用，请稍后再试');
    expect(results.at(-1)!.data ?? null).toBeNull();
    expect(await settledOutcomes(asker.userId)).toEqual(['err']);
  });
});

async function settledOrStreaming(userId: number): Promise<string[]> {
  return (
    platform.db.prepare('SELECT outcome FROM ai_questions WHERE user_id = ? ORDER BY id').all(userId) as {
      outcome: string;
    }[]
  ).map((row) => row.outcome);
}

describe('two answers at once', () => {
  it('refuses a third question while two of the same person are streaming, with the upstream sentence', async () => {
    model.behaviour = 'hang';
    const asker = await newAsker('ai-busy');
    const question = demoQuestion(platform.db).question;
    const first = ask(gateway.url, '/graphql', { question }, asker.token);
    const second = ask(gateway.url, '/graphql/stream', { question }, asker.token);
    await expect
      .poll(
        () => shapeOf(first.results).includes('AIAnswerDelta') && shapeOf(second.results).includes('AIAnswerDelta'),
        { timeout: 10_000 },
      )
      .toBe(true);
    const third = await askToEnd(gateway.url, '/graphql', { question }, asker.token);
    expect(third).toHaveLength(1);
    expect(third[0]!.errors).toEqual([
      expect.objectContaining({ message: '正在解答中请稍等...', extensions: { code: 'REFUSED' } }),
    ]);
    first.close();
    second.close();
    expect(await settledOutcomes(asker.userId)).toEqual(['aborted', 'aborted']);
    // the slots are free again
    model.behaviour = 'finish';
    expect(shapeOf(await askToEnd(gateway.url, '/graphql', { question }, asker.token)).at(-1)).toBe('AIAnswerDone');
  });
});
