/**
 * Subtitles: WebVTT and the manuscript written from timed passages, and the formats an import
 * may bring them in (WebVTT, SubRip, or timed text lines).
 */
import type { TranscriptPassage } from '../../store/records';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 3723004 → "01:02:03.004" */
export function formatVttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}.${pad(t % 1000, 3)}`;
}

/** A cue's text: one line, and nothing a VTT parser would take for a cue timing or a tag. */
const cueText = (text: string) =>
  text
    .replace(/\s*\r?\n\s*/g, ' ')
    .replace(/-->/g, '→')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .trim();

/** WebVTT (zh-CN) with one cue per passage, numbered from 1; empty passages are left out. */
export function buildWebVtt(passages: readonly TranscriptPassage[]): string {
  const cues = passages
    .filter((p) => p.text.trim() !== '' && p.endMs > p.startMs)
    .map((p, i) => `${i + 1}\n${formatVttTime(p.startMs)} --> ${formatVttTime(p.endMs)}\n${cueText(p.text)}\n`);
  return `WEBVTT\nLanguage: zh-CN\n\n${cues.join('\n')}`;
}

/** The subtitle text, one passage a line. */
export function buildManuscript(passages: readonly TranscriptPassage[]): string {
  const lines = passages.map((p) => p.text.replace(/\s*\r?\n\s*/g, ' ').trim()).filter((l) => l !== '');
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export class SubtitleFormatError extends Error {
  override name = 'SubtitleFormatError';
}

/** "01:02:03.004", "02:03,004", "2:03.4", "123.5" (seconds) → ms */
export function parseTimestamp(text: string): number {
  const t = text.trim().replace(',', '.');
  const match = /^(?:(\d+):)?(?:(\d{1,2}):)?(\d+(?:\.\d+)?)$/.exec(t);
  if (!match) throw new SubtitleFormatError(`无法识别的时间 (bad timestamp): ${JSON.stringify(text)}`);
  const [, a, b, s] = match;
  const hours = a !== undefined && b !== undefined ? Number(a) : 0;
  const minutes = b !== undefined ? Number(b) : a !== undefined ? Number(a) : 0;
  return Math.round(((hours * 60 + minutes) * 60 + Number(s)) * 1000);
}

const stripTags = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** Cue blocks of WebVTT or SubRip: an optional id line, "start --> end [settings]", text lines. */
function parseCueBlocks(text: string, format: string): TranscriptPassage[] {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  const passages: TranscriptPassage[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue; // header, NOTE, STYLE, REGION
    const [start, rest] = lines[at]!.split('-->');
    const end = rest!.trim().split(/\s+/)[0]!;
    const cue = stripTags(lines.slice(at + 1).join(' '))
      .replace(/\s+/g, ' ')
      .trim();
    if (cue === '') continue;
    const startMs = parseTimestamp(start!);
    const endMs = parseTimestamp(end);
    if (endMs <= startMs)
      throw new SubtitleFormatError(`${format} 字幕的结束时间早于开始时间 (cue ends before it starts): ${lines[at]}`);
    passages.push({ text: cue, startMs, endMs });
  }
  return passages;
}

export function parseWebVtt(text: string): TranscriptPassage[] {
  if (!/^\uFEFF?WEBVTT/.test(text)) throw new SubtitleFormatError('不是 WebVTT 文件：第一行应为 WEBVTT (not WebVTT)');
  return parseCueBlocks(text, 'WebVTT');
}

export function parseSrt(text: string): TranscriptPassage[] {
  return parseCueBlocks(text, 'SRT');
}

/**
 * Timed text, one passage a line: "[00:01.5] text", "00:00:01.500 --> 00:00:04.000 text" or
 * "00:01.5 text". A line without an end ends where the next begins (the last at `durationMs`).
 */
export function parseTimedText(text: string, durationMs?: number): TranscriptPassage[] {
  const rows: { startMs: number; endMs: number | null; text: string }[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const ranged = /^\[?([\d:.,]+)\]?\s*-->\s*\[?([\d:.,]+)\]?\s+(.+)$/.exec(line);
    const single = /^\[([\d:.,]+)\]\s*(.+)$/.exec(line) ?? /^([\d:.,]+)\s+(.+)$/.exec(line);
    if (ranged)
      rows.push({ startMs: parseTimestamp(ranged[1]!), endMs: parseTimestamp(ranged[2]!), text: ranged[3]!.trim() });
    else if (single) rows.push({ startMs: parseTimestamp(single[1]!), endMs: null, text: single[2]!.trim() });
    else
      throw new SubtitleFormatError(`无法识别的字幕行 (a line without a time): ${JSON.stringify(line.slice(0, 60))}`);
  }
  return rows.map((row, i) => {
    const endMs = row.endMs ?? rows[i + 1]?.startMs ?? durationMs ?? row.startMs + 4000;
    if (endMs <= row.startMs)
      throw new SubtitleFormatError(`字幕时间不是递增的 (times must increase): ${row.text.slice(0, 30)}`);
    return { text: row.text, startMs: row.startMs, endMs };
  });
}

/** Picks the parser by the file's extension: .vtt, .srt, or .txt/.lrc timed text. */
export function parseSubtitleFile(fileName: string, text: string, durationMs?: number): TranscriptPassage[] {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'vtt') return parseWebVtt(text);
  if (ext === 'srt') return parseSrt(text);
  if (ext === 'txt' || ext === 'lrc') return parseTimedText(text, durationMs);
  throw new SubtitleFormatError(`不支持的字幕格式 (unsupported subtitle file): ${fileName}（支持 .vtt、.srt、.txt）`);
}

/** Passages cut to the media: those starting after its end are dropped, the last is ended at it. */
export function fitToDuration(passages: readonly TranscriptPassage[], durationMs: number): TranscriptPassage[] {
  return passages
    .filter((p) => p.startMs < durationMs)
    .map((p) => ({ ...p, endMs: Math.min(p.endMs, durationMs) }))
    .sort((a, b) => a.startMs - b.startMs);
}
