import { PLAY_LOG_BEACON_PATH, PLAY_LOG_FIRST_MS, PLAY_LOG_INTERVAL_MS, STAY_TICK_MS } from './constants';

/** One play-log report (schema.graphql ReportPlayInput's fields; the periodic report and the beacon send them as a form). */
export interface PlayLogReport {
  /** The previous answer's log id (or the resume's); null starts a new viewing. */
  readonly logId: string | null;
  readonly videoId: number;
  readonly courseId: number;
  readonly catalogueId: number;
  /** Seconds, one decimal. */
  readonly lastPlayTime: number;
  readonly duration: number;
  /** Seconds actually played in this viewing so far (the running total). */
  readonly stayTime: number;
}

export interface PlayLogOptions {
  readonly videoId: number;
  readonly courseId: number;
  readonly catalogueId: number;
  /** The log to continue, or null for a new viewing. */
  readonly logId: string | null;
  /** Where playback is now and how long the video is, seconds. */
  readonly position: () => { readonly currentTime: number; readonly duration: number };
  /** Sends a report; resolves with the log id of the answer (null when there is none). */
  readonly send: (report: PlayLogReport) => Promise<string | null>;
  /** Sends the final report as the page goes away. */
  readonly beacon: (report: PlayLogReport) => void;
}

function oneDecimal(value: number): number {
  return Number.isFinite(value) ? Math.round(Math.max(0, value) * 10) / 10 : 0;
}

/**
 * The play log of one viewing of one video (§7 Logging), free of React and Relay:
 * - a report 1 s after play starts, then every 5 s while playing (paused or ended: none);
 * - stay time counted once per second of actual playing (not while paused, ended or buffering);
 * - each report carries the log id the previous answer gave (the first none: a new viewing);
 * - `finish()` sends the final log by beacon on leaving, when something was played and changed
 *   since the last report, and not while the first report is unanswered (no log id yet: the beacon
 *   would start a second viewing).
 * A report is not sent while the previous one is unanswered, so the log id is never forked.
 */
export class PlayLogReporter {
  private logId: string | null;
  private stay = 0;
  private started = false;
  private isPlaying = false;
  private isStalled = false;
  private inFlight = false;
  private disposed = false;
  private firstTimer: ReturnType<typeof setTimeout> | null = null;
  private reportTimer: ReturnType<typeof setInterval> | null = null;
  private stayTimer: ReturnType<typeof setInterval> | null = null;
  private lastSent: string | null = null;

  constructor(private readonly options: PlayLogOptions) {
    this.logId = options.logId;
  }

  /** Seconds of actual playing counted so far. */
  get stayTime(): number {
    return this.stay;
  }

  get currentLogId(): string | null {
    return this.logId;
  }

  /** Playback started (true) or paused/ended (false). */
  setPlaying(playing: boolean): void {
    if (this.disposed || playing === this.isPlaying) return;
    this.isPlaying = playing;
    // the stay clock first: at the same instant its tick comes before the report
    this.updateStayClock();
    if (playing) {
      this.started = true;
      this.firstTimer = setTimeout(() => {
        this.firstTimer = null;
        void this.report();
        this.reportTimer = setInterval(() => void this.report(), PLAY_LOG_INTERVAL_MS);
      }, PLAY_LOG_FIRST_MS);
    } else {
      this.clearReportTimers();
    }
  }

  /** Buffering (waiting for data) stops the stay clock, not the reports. */
  setStalled(stalled: boolean): void {
    if (this.disposed || stalled === this.isStalled) return;
    this.isStalled = stalled;
    this.updateStayClock();
  }

  /** The report as it would be sent now. */
  snapshot(): PlayLogReport {
    const { currentTime, duration } = this.options.position();
    return {
      logId: this.logId,
      videoId: this.options.videoId,
      courseId: this.options.courseId,
      catalogueId: this.options.catalogueId,
      lastPlayTime: oneDecimal(duration > 0 ? Math.min(currentTime, duration) : currentTime),
      duration: oneDecimal(duration),
      stayTime: this.stay,
    };
  }

  /** Sends a report now (the timers call this). */
  async report(): Promise<void> {
    if (this.disposed || this.inFlight) return;
    const report = this.snapshot();
    this.inFlight = true;
    this.lastSent = key(report);
    try {
      const logId = await this.options.send(report);
      if (logId) this.logId = logId;
    } catch {
      // §8: a failed log is ignored silently; the next one tries again
    } finally {
      this.inFlight = false;
    }
  }

  /**
   * The final log by beacon (leaving the page, hiding the tab, switching video). Nothing is sent
   * for a viewing that never played or when nothing changed since the last report or beacon.
   * The viewing may go on afterwards (a hidden tab shown again).
   */
  finish(): PlayLogReport | null {
    if (this.disposed || !this.started) return null;
    // The first report is still unanswered, so there is no log id yet: a beacon now would carry
    // none and the server would count a second new viewing. It is skipped (waiting is not possible
    // while the page goes away); the in-flight report has already recorded this viewing, and what
    // is lost is at most the second or so since it was sent.
    if (this.inFlight && this.logId === null) return null;
    const report = this.snapshot();
    const reportKey = key(report);
    if (reportKey === this.lastSent) return null;
    this.lastSent = reportKey;
    this.options.beacon(report);
    return report;
  }

  /** Stops every timer; the reporter does nothing afterwards. */
  dispose(): void {
    this.disposed = true;
    this.clearReportTimers();
    if (this.stayTimer) clearInterval(this.stayTimer);
    this.stayTimer = null;
  }

  private updateStayClock(): void {
    const counting = this.isPlaying && !this.isStalled;
    if (counting && !this.stayTimer) {
      this.stayTimer = setInterval(() => {
        this.stay += STAY_TICK_MS / 1000;
      }, STAY_TICK_MS);
    } else if (!counting && this.stayTimer) {
      clearInterval(this.stayTimer);
      this.stayTimer = null;
    }
  }

  private clearReportTimers(): void {
    if (this.firstTimer) clearTimeout(this.firstTimer);
    if (this.reportTimer) clearInterval(this.reportTimer);
    this.firstTimer = null;
    this.reportTimer = null;
  }
}

function key(report: PlayLogReport): string {
  return `${report.lastPlayTime}|${report.duration}|${report.stayTime}`;
}

/** ReportPlayInput's fields as the gateway's form takes them (logId empty for a new viewing). */
function playLogFields(report: PlayLogReport): [string, string][] {
  return [
    ['logId', report.logId ?? ''],
    ['videoId', String(report.videoId)],
    ['courseId', String(report.courseId)],
    ['catalogueId', String(report.catalogueId)],
    ['lastPlayTime', String(report.lastPlayTime)],
    ['duration', String(report.duration)],
    ['stayTime', String(report.stayTime)],
  ];
}

/** The beacon's body: ReportPlayInput's fields as form data (logId empty for a new viewing). */
export function playLogFormData(report: PlayLogReport): FormData {
  const form = new FormData();
  for (const [name, value] of playLogFields(report)) form.set(name, value);
  return form;
}

/**
 * Sends a periodic report: the beacon's fields, urlencoded (the gateway reads a query string more
 * cheaply than multipart), to the beacon's route with `Accept: application/json`, which answers
 * `{"id"}`. Resolves with that log id, or null on any failure (§8: a failed log is silent; the next
 * report tries again with the last id). Not GraphQL: at 2 000 reports a second the GraphQL pipeline
 * costs the gateway three times what this route does (tests/bench/README.md › Play).
 */
export async function sendPlayReport(
  report: PlayLogReport,
  fetcher: typeof fetch | undefined = globalThis.fetch,
): Promise<string | null> {
  if (typeof fetcher !== 'function') return null;
  try {
    const response = await fetcher(PLAY_LOG_BEACON_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams(playLogFields(report)),
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { id?: unknown } | null;
    const id = answer?.id;
    return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

/** Sends the final report with navigator.sendBeacon (survives the page closing); false when it could not be queued. */
export function sendPlayLogBeacon(
  report: PlayLogReport,
  nav: Pick<Navigator, 'sendBeacon'> | undefined = globalThis.navigator,
): boolean {
  if (!nav || typeof nav.sendBeacon !== 'function') return false;
  try {
    return nav.sendBeacon(PLAY_LOG_BEACON_PATH, playLogFormData(report));
  } catch {
    return false;
  }
}
