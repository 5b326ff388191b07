/**
 * The play log of §7 Logging, on fake timers: a report 1 s after play starts and every 5 s while
 * playing, stay time counted per second of actual playing, the previous answer's log id sent back;
 * the periodic reports go by fetch to /beacon/play-log (the form urlencoded, Accept: application/json,
 * the answer's {"id"} read; failures silent), and the final log by beacon (form data of
 * ReportPlayInput's fields to the same route).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PlayLogReporter,
  playLogFormData,
  sendPlayLogBeacon,
  sendPlayReport,
  type PlayLogReport,
} from '../../web/src/components/Player/playLogReporter';

interface Harness {
  readonly reporter: PlayLogReporter;
  readonly sent: PlayLogReport[];
  readonly beacons: PlayLogReport[];
  position: { currentTime: number; duration: number };
  answer: (report: PlayLogReport) => string | null;
}

function harness(logId: string | null = null): Harness {
  const h = {
    sent: [] as PlayLogReport[],
    beacons: [] as PlayLogReport[],
    position: { currentTime: 0, duration: 300 },
    answer: (_: PlayLogReport): string | null => 'log-A',
  } as Omit<Harness, 'reporter'>;
  const reporter = new PlayLogReporter({
    videoId: 7,
    courseId: 11,
    catalogueId: 3,
    logId,
    position: () => h.position,
    send: async (report) => {
      h.sent.push(report);
      return h.answer(report);
    },
    beacon: (report) => h.beacons.push(report),
  });
  return Object.assign(h, { reporter }) as Harness;
}

/** Advances fake time second by second, the picture moving as it plays. */
async function play(h: Harness, seconds: number, moving = true) {
  for (let i = 0; i < seconds; i += 1) {
    if (moving) h.position.currentTime += 1;
    await vi.advanceTimersByTimeAsync(1000);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('play log reports', () => {
  it('reports 1 s after play starts, then every 5 s while playing', async () => {
    const h = harness();
    h.reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(h.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sent).toHaveLength(4);
    h.reporter.dispose();
  });

  it('sends nothing while paused, and starts again 1 s after playing again', async () => {
    const h = harness();
    h.reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(1000);
    h.reporter.setPlaying(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toHaveLength(1);
    h.reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sent).toHaveLength(2);
    h.reporter.dispose();
  });

  it('sends the videos ids, the position and duration (one decimal) and the stay time', async () => {
    const h = harness();
    h.position = { currentTime: 12.345, duration: 300.04 };
    h.reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sent[0]).toEqual({
      logId: null,
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      lastPlayTime: 12.3,
      duration: 300,
      stayTime: 1,
    });
    h.reporter.dispose();
  });

  it('sends back the log id of the previous answer; the first report continues the resume log', async () => {
    const h = harness('log-resume');
    const ids = ['log-B', 'log-C'];
    h.answer = () => ids.shift() ?? 'log-C';
    h.reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(1000 + 5000 + 5000);
    expect(h.sent.map((r) => r.logId)).toEqual(['log-resume', 'log-B', 'log-C']);
    h.reporter.dispose();
  });

  it('keeps the last log id when an answer has none (a failed report)', async () => {
    const h = harness();
    const answers: (string | null)[] = ['log-A', null];
    h.answer = () => (answers.length ? answers.shift()! : 'log-A');
    h.reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(h.sent.map((r) => r.logId)).toEqual([null, 'log-A', 'log-A']);
    h.reporter.dispose();
  });

  it('does not send a report while the previous one is unanswered (the log is never forked)', async () => {
    let release: (id: string) => void = () => {};
    const sent: PlayLogReport[] = [];
    const reporter = new PlayLogReporter({
      videoId: 1,
      courseId: 1,
      catalogueId: 0,
      logId: null,
      position: () => ({ currentTime: 1, duration: 100 }),
      send: (report) => {
        sent.push(report);
        return new Promise((resolve) => {
          release = resolve;
        });
      },
      beacon: () => {},
    });
    reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(1000 + 5000 + 5000);
    expect(sent).toHaveLength(1);
    release('log-X');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.map((r) => r.logId)).toEqual([null, 'log-X']);
    reporter.dispose();
  });
});

describe('stay time', () => {
  it('counts each second of actual playing and stops while paused or buffering', async () => {
    const h = harness();
    h.reporter.setPlaying(true);
    await play(h, 7);
    expect(h.reporter.stayTime).toBe(7);
    h.reporter.setPlaying(false);
    await play(h, 30, false);
    expect(h.reporter.stayTime).toBe(7);
    h.reporter.setPlaying(true);
    h.reporter.setStalled(true);
    await play(h, 10, false);
    expect(h.reporter.stayTime).toBe(7);
    h.reporter.setStalled(false);
    await play(h, 3);
    expect(h.reporter.stayTime).toBe(10);
    h.reporter.dispose();
  });

  it('is the running total in the reports', async () => {
    const h = harness();
    h.reporter.setPlaying(true);
    await play(h, 11);
    expect(h.sent.map((r) => r.stayTime)).toEqual([1, 6, 11]);
    h.reporter.dispose();
  });

  it('stops counting after dispose', async () => {
    const h = harness();
    h.reporter.setPlaying(true);
    await play(h, 2);
    h.reporter.dispose();
    await play(h, 20);
    expect(h.reporter.stayTime).toBe(2);
    expect(h.sent).toHaveLength(1);
  });
});

describe('the final log', () => {
  it('goes by beacon with the current log id, position and stay time', async () => {
    const h = harness();
    h.reporter.setPlaying(true);
    await play(h, 3);
    const report = h.reporter.finish();
    expect(report).toEqual({
      logId: 'log-A',
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      lastPlayTime: 3,
      duration: 300,
      stayTime: 3,
    });
    expect(h.beacons).toEqual([report]);
    h.reporter.dispose();
  });

  it('is not sent for a viewing that never played, nor twice when nothing changed', async () => {
    const h = harness('log-resume');
    expect(h.reporter.finish()).toBeNull();
    h.reporter.setPlaying(true);
    await play(h, 2);
    h.reporter.setPlaying(false);
    expect(h.reporter.finish()).not.toBeNull();
    expect(h.reporter.finish()).toBeNull();
    expect(h.beacons).toHaveLength(1);
    h.reporter.dispose();
    expect(h.reporter.finish()).toBeNull();
  });

  it('is sent again after more playing (a tab hidden, shown, then closed)', async () => {
    const h = harness();
    h.reporter.setPlaying(true);
    await play(h, 2);
    h.reporter.finish();
    await play(h, 2);
    h.reporter.finish();
    expect(h.beacons.map((r) => r.stayTime)).toEqual([2, 4]);
    h.reporter.dispose();
  });

  it('is skipped while the first report is unanswered: without a log id the server would count a second viewing', async () => {
    const sent: PlayLogReport[] = [];
    const beacons: PlayLogReport[] = [];
    let answerFirst: (logId: string) => void = () => {};
    let currentTime = 1;
    const reporter = new PlayLogReporter({
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      logId: null,
      position: () => ({ currentTime, duration: 300 }),
      send: (report) => {
        sent.push(report);
        return new Promise<string>((resolve) => {
          answerFirst = resolve;
        });
      },
      beacon: (report) => beacons.push(report),
    });
    reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.logId).toBeNull();
    // the page is left (or hidden) a moment later, the picture having moved on: no beacon
    currentTime = 1.5;
    expect(reporter.finish()).toBeNull();
    expect(beacons).toHaveLength(0);
    // once the answer has come, the final log carries its id
    answerFirst('log-first');
    await vi.advanceTimersByTimeAsync(0);
    const report = reporter.finish();
    expect(report).toMatchObject({ logId: 'log-first' });
    expect(beacons.map((b) => b.logId)).toEqual(['log-first']);
  });

  it('still goes while a later report is unanswered (the log id is known)', async () => {
    const beacons: PlayLogReport[] = [];
    const reporter = new PlayLogReporter({
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      logId: 'log-resume',
      position: () => ({ currentTime: 3, duration: 300 }),
      send: () => new Promise<string>(() => {}),
      beacon: (report) => beacons.push(report),
    });
    reporter.setPlaying(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reporter.finish()).not.toBeNull();
    expect(beacons.map((b) => b.logId)).toEqual(['log-resume']);
    reporter.dispose();
  });

  it('is form data of ReportPlayInput, logId empty for a new viewing', () => {
    const form = playLogFormData({
      logId: null,
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      lastPlayTime: 61.5,
      duration: 300,
      stayTime: 42,
    });
    expect(Object.fromEntries(form.entries())).toEqual({
      logId: '',
      videoId: '7',
      courseId: '11',
      catalogueId: '3',
      lastPlayTime: '61.5',
      duration: '300',
      stayTime: '42',
    });
    expect(
      playLogFormData({
        logId: 'log-9',
        videoId: 1,
        courseId: 2,
        catalogueId: 0,
        lastPlayTime: 0,
        duration: 1,
        stayTime: 0,
      }).get('logId'),
    ).toBe('log-9');
  });

  it('is posted with navigator.sendBeacon to /beacon/play-log', () => {
    const calls: [string, unknown][] = [];
    const nav = { sendBeacon: (url: string, body: unknown) => (calls.push([url, body]), true) };
    const report = {
      logId: 'log-1',
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      lastPlayTime: 10,
      duration: 300,
      stayTime: 9,
    };
    expect(sendPlayLogBeacon(report, nav)).toBe(true);
    expect(calls[0]![0]).toBe('/beacon/play-log');
    expect((calls[0]![1] as FormData).get('stayTime')).toBe('9');
    expect(sendPlayLogBeacon(report, undefined)).toBe(false);
    expect(
      sendPlayLogBeacon(report, {
        sendBeacon: () => {
          throw new Error('x');
        },
      }),
    ).toBe(false);
  });
});

describe('the periodic report by fetch', () => {
  interface Call {
    readonly url: string;
    readonly init: RequestInit;
  }
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  const report: PlayLogReport = {
    logId: null,
    videoId: 7,
    courseId: 11,
    catalogueId: 3,
    lastPlayTime: 12.3,
    duration: 300,
    stayTime: 4,
  };

  it("posts the form urlencoded to /beacon/play-log asking for JSON, same-origin credentials, and resolves with the answer's id", async () => {
    const calls: Call[] = [];
    const fetcher = (async (url: string, init: RequestInit) => (
      calls.push({ url, init }),
      json(200, { id: '41' })
    )) as unknown as typeof fetch;
    expect(await sendPlayReport(report, fetcher)).toBe('41');
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe('/beacon/play-log');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      logId: '',
      videoId: '7',
      courseId: '11',
      catalogueId: '3',
      lastPlayTime: '12.3',
      duration: '300',
      stayTime: '4',
    });
    await sendPlayReport({ ...report, logId: '41' }, fetcher);
    expect((calls[1]!.init.body as URLSearchParams).get('logId')).toBe('41');
  });

  it('resolves null, silently, for a refusal, a network failure, an answer without an id or not JSON', async () => {
    const answers: (() => Response)[] = [
      () => json(401, { code: 'LOGIN_REQUIRED', message: '请先登录' }),
      () => json(400, { code: 'INVALID', field: 'videoId', message: '视频不存在' }),
      () => json(503, { code: 'UNAVAILABLE', message: '服务暂时不可用，请稍后再试' }),
      () => json(200, {}),
      () => json(200, { id: '' }),
      () => new Response('<html></html>', { status: 200 }),
      () => new Response(null, { status: 204 }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    for (const answer of answers) {
      expect(await sendPlayReport(report, (async () => answer()) as unknown as typeof fetch)).toBeNull();
    }
    expect(await sendPlayReport(report, undefined)).toBeNull();
  });

  it('drives the reporter: 1 s after start, then every 5 s, each carrying the id of the previous answer and the stay time per second', async () => {
    const bodies: URLSearchParams[] = [];
    const ids = ['101', '101', '101'];
    const fetcher = (async (_url: string, init: RequestInit) => {
      bodies.push(init.body as URLSearchParams);
      return json(200, { id: ids.shift() ?? '101' });
    }) as unknown as typeof fetch;
    let currentTime = 0;
    const reporter = new PlayLogReporter({
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      logId: null,
      position: () => ({ currentTime, duration: 300 }),
      send: (r) => sendPlayReport(r, fetcher),
      beacon: () => {},
    });
    reporter.setPlaying(true);
    for (let second = 1; second <= 11; second += 1) {
      currentTime += 1;
      await vi.advanceTimersByTimeAsync(1000);
      if (second === 1) expect(bodies).toHaveLength(1);
      if (second === 5) expect(bodies).toHaveLength(1);
      if (second === 6) expect(bodies).toHaveLength(2);
    }
    expect(bodies.map((b) => [b.get('logId'), b.get('stayTime'), b.get('lastPlayTime')])).toEqual([
      ['', '1', '1'],
      ['101', '6', '6'],
      ['101', '11', '11'],
    ]);
    expect(reporter.currentLogId).toBe('101');
    reporter.dispose();
  });
});
