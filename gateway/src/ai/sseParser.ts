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
 */

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  /** text of the line being read (no line ending yet) */
  private pending = '';
  /** the previous piece ended with CR: an LF at the start of the next one belongs to it */
  private afterCR = false;
  private bomChecked = false;
  /** data lines of the event being read; null while it has none */
  private data: string[] | null = null;

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
    this.pending += text.slice(start);
    return events;
  }

  /** One whole line; the data of an event when the line is the blank one that ends it. */
  private line(line: string): string | null {
    if (line === '') {
      const data = this.data;
      this.data = null;
      return data === null ? null : data.join('\n');
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return null;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    (this.data ??= []).push(value);
    return null;
  }
}
