/**
 * The gateway's AI stream parts on their own: the incremental SSE reader against adversarial cuts of
 * the bytes (inside a UTF-8 character, between CR and LF, inside a field name, one byte at a time),
 * the chunk protocol (r1:/end:/err:/answer), the answer stream's endings, the subscription source's
 * cancel, and the question rules.
 */
import { describe, expect, it } from 'vitest';
import { answerEvents, classifyChunk, upstreamSentence } from '../../gateway/src/ai/answerStream';
import { answerSubscription, type AnswerEnding } from '../../gateway/src/ai/answerSubscription';
import { AI_MESSAGES, clientIdOf, modelOf, requireQuestion } from '../../gateway/src/ai/rules';
import { SSE_LIMITS, SseLimitExceeded, SseParser } from '../../gateway/src/ai/sseParser';
import type { AnswerEvent } from '../../gateway/src/ai/types';
import { createLogger } from '../../gateway/src/logger';
import { AISource } from '../../gateway/src/resolvers/AI';

const encoder = new TextEncoder();
const silent = createLogger('silent');

/** Feeds the bytes cut at the given offsets and collects every event's data. */
function parseCut(bytes: Uint8Array, cuts: number[]): string[] {
  const parser = new SseParser();
  const events: string[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.push(bytes.subarray(start, cut)));
    start = cut;
  }
  events.push(...parser.end());
  return events;
}

/** A small deterministic generator (mulberry32), so a failing cut can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// every kind of line ending, comments, other fields, multi-line data, Chinese and an emoji (4 bytes)
const WIRE =
  '\uFEFF: keep-alive\r\n\r\n' +
  'data: r1:分析问题：关键词 矛盾、普遍性\r\n\r\n' +
  'event: message\nid: 7\ndata:r1:第二步\n\n' +
  'data: 矛盾的普遍性是指[1]\rdata: 第二行 😀\r\r' +
  'data\n\n' +
  'data: 有冒号: 的数据 [2]\r\n' +
  'retry: 3000\r\n' +
  'data:  两个空格\r\n\r\n' +
  'data: end:[{"index":1,"videoId":3,"timePoint":65}]\n\n' +
  'data: 未结束的事件';

const EXPECTED = [
  'r1:分析问题：关键词 矛盾、普遍性',
  'r1:第二步',
  '矛盾的普遍性是指[1]\n第二行 😀',
  '',
  '有冒号: 的数据 [2]\n 两个空格',
  'end:[{"index":1,"videoId":3,"timePoint":65}]',
];

describe('SseParser', () => {
  const bytes = encoder.encode(WIRE);

  it('reads the whole body in one piece', () => {
    expect(parseCut(bytes, [])).toEqual(EXPECTED);
  });

  it('gives the same events wherever the body is cut in two (every byte offset)', () => {
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(parseCut(bytes, [cut]), `cut at byte ${cut}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events fed one byte at a time', () => {
    expect(
      parseCut(
        bytes,
        Array.from({ length: bytes.length }, (_, index) => index),
      ),
    ).toEqual(EXPECTED);
  });

  it('gives the same events under 500 random cuttings into up to 12 pieces', () => {
    const next = random(20261126);
    for (let round = 0; round < 500; round += 1) {
      const cuts = Array.from({ length: 1 + Math.floor(next() * 11) }, () =>
        Math.floor(next() * (bytes.length + 1)),
      ).sort((a, b) => a - b);
      expect(parseCut(bytes, cuts), `cuts ${cuts.join(',')}`).toEqual(EXPECTED);
    }
  });

  it('keeps a CR at the end of a piece from swallowing a blank line that follows as LF', () => {
    // "data: a" CR | LF LF : CRLF ends the line, the next LF is the blank line that ends the event
    expect(parseCut(encoder.encode('data: a\r\n\ndata: b\r\r'), [8])).toEqual(['a', 'b']);
    expect(parseCut(encoder.encode('data: a\r\n\n'), [8, 9])).toEqual(['a']);
  });

  it('refuses a line longer than 64 KB, whether it comes in one piece or in many', () => {
    expect(SSE_LIMITS).toEqual({ lineLength: 64 * 1024, eventLength: 1024 * 1024 });
    const atLimit = `data: ${'x'.repeat(SSE_LIMITS.lineLength - 6)}\n\n`;
    expect(new SseParser().push(encoder.encode(atLimit))).toEqual(['x'.repeat(SSE_LIMITS.lineLength - 6)]);
    expect(() => new SseParser().push(encoder.encode(`data: ${'x'.repeat(SSE_LIMITS.lineLength)}\n\n`))).toThrow(
      SseLimitExceeded,
    );
    // a line that never ends, fed 1 KB at a time: refused as soon as it is too long, not held on to
    const parser = new SseParser();
    const piece = encoder.encode('数'.repeat(1024));
    let pushed = 0;
    expect(() => {
      for (;;) {
        parser.push(piece);
        pushed += 1;
      }
    }).toThrow(SseLimitExceeded);
    expect(pushed).toBe(64);
  });

  it('refuses an event whose data lines add up to more than 1 MB, lines each within the limit', () => {
    const line = `data: ${'y'.repeat(60 * 1024)}\n`;
    const parser = new SseParser();
    let pushed = 0;
    expect(() => {
      for (;;) {
        parser.push(encoder.encode(line));
        pushed += 1;
      }
    }).toThrow(SseLimitExceeded);
    expect(pushed).toBe(Math.floor(SSE_LIMITS.eventLength / (60 * 1024 + 1)));
    // small limits: the joined data with its "\n" is counted
    const small = new SseParser({ lineLength: 100, eventLength: 5 });
    expect(small.push(encoder.encode('data: ab\ndata: cd\n\n'))).toEqual(['ab\ncd']);
    expect(() => small.push(encoder.encode('data: ab\ndata: cde\n\n'))).toThrow(SseLimitExceeded);
  });

  it('drops an event the body ended before its blank line, and repairs a cut-off character', () => {
    const truncated = encoder.encode('data: 完整\n\ndata: 半');
    expect(parseCut(truncated.subarray(0, truncated.length - 1), [])).toEqual(['完整']);
  });
});

describe('classifyChunk', () => {
  it('tells thinking, answer, end and error apart by their prefix', () => {
    expect(classifyChunk('r1:先分析')).toEqual({ kind: 'thinking', text: '先分析' });
    expect(classifyChunk('矛盾 r1: end: 不在开头[1]')).toEqual({ kind: 'answer', text: '矛盾 r1: end: 不在开头[1]' });
    expect(classifyChunk('end:[{"index":1,"videoId":9}]')).toEqual({
      kind: 'done',
      sources: [{ index: 1, videoId: 9 }],
    });
    expect(classifyChunk('end:[]')).toEqual({ kind: 'done', sources: [] });
    expect(classifyChunk('end:')).toEqual({ kind: 'done', sources: [] });
    expect(classifyChunk('err:模型超时').kind).toBe('failed');
  });

  it("keeps the upstream's err: sentence for the asker when it is short plain Chinese text", () => {
    expect(classifyChunk('err:AI 解答超时，请稍后再试')).toMatchObject({
      kind: 'failed',
      message: 'AI 解答超时，请稍后再试',
    });
    expect(classifyChunk('err:AI 服务暂时不可用，请稍后再试')).toMatchObject({
      kind: 'failed',
      message: 'AI 服务暂时不可用，请稍后再试',
    });
    expect(upstreamSentence(' AI 解答失败，请稍后再试 ')).toBe('AI 解答失败，请稍后再试');
    expect(upstreamSentence('错'.repeat(100))).toBe('错'.repeat(100));
    for (const text of [
      '',
      '错'.repeat(101),
      'ECONNRESET at Socket.onread (node:net:123)',
      '超时\n    at Provider.answer',
      '超时\u0007',
      '请点击\u202e链接',
      '超时\u200b',
    ]) {
      expect(upstreamSentence(text), JSON.stringify(text)).toBeNull();
      const event = classifyChunk(`err:${text}`);
      expect(event.kind).toBe('failed');
      expect(event).not.toHaveProperty('message');
    }
  });

  it('treats an end chunk that is not a JSON list as a failure', () => {
    expect(classifyChunk('end:{"index":1}').kind).toBe('failed');
    expect(classifyChunk('end:[{"index":1').kind).toBe('failed');
  });
});

async function* bodyOf(...pieces: string[]): AsyncGenerator<Uint8Array> {
  for (const piece of pieces) yield encoder.encode(piece);
}

async function collect(events: AsyncIterable<AnswerEvent>): Promise<AnswerEvent[]> {
  const all: AnswerEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('answerEvents', () => {
  it('yields thinking, answer and done, and stops reading after done', async () => {
    const events = await collect(
      answerEvents(bodyOf('data: r1:想\n\ndata: 答', '案[1]\n\ndata: end:[]\n\n', 'data: 之后\n\n')),
    );
    expect(events).toEqual([
      { kind: 'thinking', text: '想' },
      { kind: 'answer', text: '答案[1]' },
      { kind: 'done', sources: [] },
    ]);
  });

  it('joins chunks of one kind that arrived in one read, never thinking with answer, and not across reads', async () => {
    const events = await collect(
      answerEvents(
        bodyOf(
          'data: r1:甲\n\ndata: r1:乙\n\ndata: 答[1]\n\ndata: 案\n\n',
          'data: 续\n\n',
          'data: 尾[2]\n\ndata: end:[]\n\n',
        ),
      ),
    );
    expect(events).toEqual([
      { kind: 'thinking', text: '甲乙' },
      { kind: 'answer', text: '答[1]案' },
      { kind: 'answer', text: '续' },
      { kind: 'answer', text: '尾[2]' },
      { kind: 'done', sources: [] },
    ]);
  });

  it('ends with failed when the upstream says err: or the body ends without end:', async () => {
    const failedByUpstream = await collect(answerEvents(bodyOf('data: 一半\n\ndata: err:超时\n\n')));
    expect(failedByUpstream.map((event) => event.kind)).toEqual(['answer', 'failed']);
    const cutOff = await collect(answerEvents(bodyOf('data: 一半\n\ndata: 另一')));
    expect(cutOff.map((event) => event.kind)).toEqual(['answer', 'failed']);
  });

  it('ends with failed, and stops reading, at a line over the limit', async () => {
    let read = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      yield encoder.encode('data: 一半\n\n');
      for (;;) {
        read += 1;
        yield encoder.encode('x'.repeat(8 * 1024));
      }
    }
    const events = await collect(answerEvents(endless()));
    expect(events.map((event) => event.kind)).toEqual(['answer', 'failed']);
    expect(events[1]).not.toHaveProperty('message');
    expect(read).toBeLessThanOrEqual(SSE_LIMITS.lineLength / (8 * 1024) + 1);
  });
});

describe('answerSubscription', () => {
  /** A body that yields one chunk, then waits for the next one until its request is aborted. */
  function hangingBody(signal: AbortSignal): AsyncIterable<Uint8Array> {
    return {
      async *[Symbol.asyncIterator]() {
        yield encoder.encode('data: 第一段\n\n');
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        );
      },
    };
  }

  it('cancels the upstream request at once when the subscriber leaves while a chunk is awaited', async () => {
    const controller = new AbortController();
    const endings: AnswerEnding[] = [];
    const source = answerSubscription(hangingBody(controller.signal), {
      controller,
      logger: silent,
      onEnd: (ending) => endings.push(ending),
    });
    expect(await source.next()).toEqual({ done: false, value: { kind: 'answer', text: '第一段' } });
    const pending = source.next();
    // the transport's return() while next() waits for the upstream: it must not wait for another chunk
    await expect(source.return!()).resolves.toEqual({ done: true, value: undefined });
    expect(controller.signal.aborted).toBe(true);
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
    expect(endings).toEqual(['cancelled']);
  });

  it('turns a body that breaks off into one failed event, then ends', async () => {
    const controller = new AbortController();
    const broken: AsyncIterable<Uint8Array> = {
      async *[Symbol.asyncIterator]() {
        yield encoder.encode('data: 前半\n\n');
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      },
    };
    const events = await collect(answerSubscription(broken, { controller, logger: silent }));
    expect(events.map((event) => event.kind)).toEqual(['answer', 'failed']);
    expect(controller.signal.aborted).toBe(true);
  });

  it('aborts the upstream request when the stream breaks a limit', async () => {
    const controller = new AbortController();
    const endings: AnswerEnding[] = [];
    const endless: AsyncIterable<Uint8Array> = {
      async *[Symbol.asyncIterator]() {
        yield encoder.encode('data: 前半\n\n');
        while (!controller.signal.aborted) yield encoder.encode('data: z\n'.repeat(8 * 1024));
      },
    };
    const events = await collect(
      answerSubscription(endless, { controller, logger: silent, onEnd: (ending) => endings.push(ending) }),
    );
    expect(events.map((event) => event.kind)).toEqual(['answer', 'failed']);
    expect(controller.signal.aborted).toBe(true);
    expect(endings).toEqual(['failed']);
  });

  it('ends after done without aborting the finished request', async () => {
    const controller = new AbortController();
    const endings: AnswerEnding[] = [];
    const events = await collect(
      answerSubscription(bodyOf('data: 答\n\ndata: end:[]\n\n'), {
        controller,
        logger: silent,
        onEnd: (ending) => endings.push(ending),
      }),
    );
    expect(events.map((event) => event.kind)).toEqual(['answer', 'done']);
    expect(controller.signal.aborted).toBe(false);
    expect(endings).toEqual(['done']);
  });
});

describe('AI question rules', () => {
  it('trims the question and counts code points: 200 pass, 201 are refused, blank is refused', () => {
    expect(requireQuestion('  什么是矛盾？ ')).toBe('什么是矛盾？');
    expect(requireQuestion('😀'.repeat(200))).toBe('😀'.repeat(200));
    expect(() => requireQuestion('问'.repeat(201))).toThrow(AI_MESSAGES.questionTooLong);
    expect(() => requireQuestion(' \n ')).toThrow(AI_MESSAGES.questionRequired);
    try {
      requireQuestion('');
    } catch (error) {
      expect((error as { extensions: unknown }).extensions).toEqual({ code: 'INVALID', field: 'question' });
    }
  });

  it('keeps a valid clientId, refuses others and makes one when absent', () => {
    expect(clientIdOf('drawer_1-A')).toBe('drawer_1-A');
    expect(() => clientIdOf('a b')).toThrow();
    expect(() => clientIdOf('x'.repeat(65))).toThrow();
    const made = clientIdOf(undefined);
    expect(made).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(clientIdOf(null)).not.toBe(made);
  });

  it('maps the deep-thinking toggle to the two model values', () => {
    expect(modelOf(true)).toBe('reasoner');
    expect(modelOf(false)).toBe('chat');
    expect(modelOf(undefined)).toBe('chat');
  });
});

describe('AISource', () => {
  const source = {
    index: 2,
    videoId: 31,
    courseId: 7,
    catalogId: 16,
    videoName: '第一讲',
    courseName: '矛盾论',
    timePoint: 3723.6,
    excerpt: '……',
    videoImage: 'javascript:alert(1)',
  };

  it('links to the player at the cited second and labels the time', () => {
    expect(AISource.playPath(source)).toBe('/Play?catalogId=16&courseId=7&videoId=31&vtime=3723');
    expect(AISource.timeLabel(source)).toBe('1:02:03');
    expect(AISource.timeLabel({ ...source, timePoint: 65 })).toBe('01:05');
    expect(AISource.timeLabel({ ...source, keyPointsShow: '01:06' })).toBe('01:06');
    expect(AISource.image(source)).toBe('');
  });
});
