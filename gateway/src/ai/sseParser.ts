/**
 * An incremental reader of a text/event-stream body (the SSE format of the HTML standard, "Parsing an
 * event stream"), fed the bytes as the network hands them over. The network cuts wherever it likes:
 * inside a multi-byte character (Chinese is three bytes in UTF-8), between the CR and the LF of a
 * CRLF, inside `data:`. So the bytes go through one streaming TextDecoder, a trailing CR is held
 * back until the next byte says whether an LF follows, and only whole lines are interpreted.
 *
 * What it returns is each event's data: its `data:` lines joined with "\n" (a chunk of the upstream
 * with line breaks spans several lines). Comments (`:` lines, keep-alives), `event:`, `id:` and
 * `retry:` carry nothing the AI stream uses and are skipped; an event without data lines is no event.
 *
 * Nothing the upstream sends may grow without bound: a line is held until its line ending comes and
 * an event until its blank line, so both are capped (SSE_LIMITS); past a cap the parser throws
 * SseLimitExceeded and the stream is to be given up (answerStream.ts turns it into a failure, and the
 * request is cancelled). Lengths are counted in UTF-16 code units, what the parser holds in memory.
 */

export const SSE_LIMITS = {
  /** the longest line (a `data:` line with its field name) */
  lineLength: 64 * 1024,
  /** the most data one event may carry (its data lines joined) */
  eventLength: 1024 * 1024,
} as const;

/** The stream broke one of SSE_LIMITS: the events completed before it in the same push are lost. */
export class SseLimitExceeded extends Error {
  override name = 'SseLimitExceeded';
}

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  /** text of the line being read (no line ending yet) */
  private pending = '';
  /** the previous piece ended with CR: an LF at the start of the next one belongs to it */
  private afterCR = false;
  private bomChecked = false;
  /** data lines of the event being read; null while it has none */
  private data: string[] | null = null;
  /** the length of `data` joined */
  private dataLength = 0;

  constructor(private readonly limits: { lineLength: number; eventLength: number } = SSE_LIMITS) {}

  /** The data of every event completed by these bytes, in order. */
  push(bytes: Uint8Array): string[] {
    return this.text(this.decoder.decode(bytes, { stream: true }));
  }

  /**
   * The stream ended: bytes of an unfinished character become U+FFFD, and an event whose blank line
   * never came is dropped (the standard's rule: a stream cut mid-event did not deliver it).
   */
  end(): string[] {
    const events = this.text(this.decoder.decode());
    this.pending = '';
    this.data = null;
    this.dataLength = 0;
    return events;
  }

  private text(piece: string): string[] {
    let text = piece;
    if (!this.bomChecked && text.length > 0) {
      this.bomChecked = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.length > 0 && this.afterCR) {
      this.afterCR = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    const events: string[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code !== 0x0a && code !== 0x0d) continue;
      if (this.pending.length + i - start > this.limits.lineLength) throw this.overLine();
      const line = this.pending + text.slice(start, i);
      this.pending = '';
      if (code === 0x0d) {
        if (i + 1 < text.length) {
          if (text.charCodeAt(i + 1) === 0x0a) i += 1;
        } else {
          this.afterCR = true;
        }
      }
      start = i + 1;
      const event = this.line(line);
      if (event !== null) events.push(event);
    }
    if (this.pending.length + text.length - start > this.limits.lineLength) throw this.overLine();
    this.pending += text.slice(start);
    return events;
  }

  private overLine(): SseLimitExceeded {
    this.pending = '';
    this.data = null;
    return new SseLimitExceeded(`a line of the event stream is longer than ${this.limits.lineLength} characters`);
  }

  /** One whole line; the data of an event when the line is the blank one that ends it. */
  private line(line: string): string | null {
    if (line === '') {
      const data = this.data;
      this.data = null;
      this.dataLength = 0;
      return data === null ? null : data.join('\n');
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return null;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    // a data line after the first adds its "\n" to the joined data
    this.dataLength += value.length + (this.data === null ? 0 : 1);
    if (this.dataLength > this.limits.eventLength) {
      this.data = null;
      this.dataLength = 0;
      throw new SseLimitExceeded(
        `an event of the event stream carries more than ${this.limits.eventLength} characters`,
      );
    }
    (this.data ??= []).push(value);
    return null;
  }
}
