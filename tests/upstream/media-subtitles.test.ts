/** Subtitle formats an import brings (WebVTT, SRT, timed text), the WebVTT the pipeline writes, and the demo narration's pinyin. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalReporter } from '../../upstream/src/media/pipeline/progress';
import { toSpeakablePinyin } from '../../upstream/src/media/lecture/narration';
import {
  SubtitleFormatError,
  buildManuscript,
  buildWebVtt,
  fitToDuration,
  formatVttTime,
  parseSrt,
  parseSubtitleFile,
  parseTimedText,
  parseTimestamp,
  parseWebVtt,
} from '../../upstream/src/media/pipeline/subtitles';
import { parseManifest } from '../../upstream/src/media/pipeline/manifest';

describe('timestamps', () => {
  it('reads hours, minutes, seconds with a dot or a comma, and bare seconds', () => {
    expect(parseTimestamp('01:02:03.004')).toBe(3_723_004);
    expect(parseTimestamp('02:03,5')).toBe(123_500);
    expect(parseTimestamp('125.25')).toBe(125_250);
    expect(() => parseTimestamp('1:2:3:4')).toThrow(SubtitleFormatError);
    expect(formatVttTime(3_723_004)).toBe('01:02:03.004');
    expect(formatVttTime(0)).toBe('00:00:00.000');
  });
});

describe('reading subtitles', () => {
  it('reads WebVTT cues, skipping the header, notes, cue ids, settings and tags', () => {
    const vtt = `WEBVTT - 讲座\n\nNOTE 这是注释\n\nintro\n00:00:01.000 --> 00:00:03.500 align:start line:90%\n<v 讲者>同学们好</v>，\n今天讲&lt;实践&gt;。\n\n00:04.000 --> 00:06.000\n第二句。\n`;
    expect(parseWebVtt(vtt)).toEqual([
      { text: '同学们好， 今天讲<实践>。', startMs: 1000, endMs: 3500 },
      { text: '第二句。', startMs: 4000, endMs: 6000 },
    ]);
    expect(() => parseWebVtt('1\n00:00:01,000 --> 00:00:02,000\nx')).toThrow(/WEBVTT/);
  });

  it('reads SRT with CRLF line ends and a byte-order mark', () => {
    const srt =
      '\uFEFF1\r\n00:00:00,500 --> 00:00:02,000\r\n<b>第一句</b>\r\n\r\n2\r\n00:00:02,000 --> 00:00:04,250\r\n第二句\r\n';
    expect(parseSrt(srt)).toEqual([
      { text: '第一句', startMs: 500, endMs: 2000 },
      { text: '第二句', startMs: 2000, endMs: 4250 },
    ]);
    expect(() => parseSrt('1\n00:00:05,000 --> 00:00:04,000\nx')).toThrow(SubtitleFormatError);
  });

  it('reads timed text lines, ending each where the next begins', () => {
    const text = '[00:00.0] 第一句。\n00:00:03.000 --> 00:00:05.000 第二句。\n00:06 第三句。\n';
    expect(parseTimedText(text, 9000)).toEqual([
      { text: '第一句。', startMs: 0, endMs: 3000 },
      { text: '第二句。', startMs: 3000, endMs: 5000 },
      { text: '第三句。', startMs: 6000, endMs: 9000 },
    ]);
    expect(() => parseTimedText('没有时间的一行')).toThrow(/没有时间|a line without a time/);
  });

  it('picks the reader by extension and refuses others', () => {
    expect(parseSubtitleFile('a.SRT', '1\n00:00:01,000 --> 00:00:02,000\n好\n')).toHaveLength(1);
    expect(() => parseSubtitleFile('a.ass', '')).toThrow(/不支持的字幕格式/);
  });
});

describe('writing subtitles', () => {
  const passages = [
    { text: '第一句 --> 不是时间', startMs: 0, endMs: 1500 },
    { text: '   ', startMs: 1500, endMs: 2000 },
    { text: '第二句\n换行', startMs: 2000, endMs: 4000 },
  ];

  it('writes WebVTT that reads back to the same passages, with no cue broken by its text', () => {
    const vtt = buildWebVtt(passages);
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(parseWebVtt(vtt)).toEqual([
      { text: '第一句 → 不是时间', startMs: 0, endMs: 1500 },
      { text: '第二句 换行', startMs: 2000, endMs: 4000 },
    ]);
    expect(buildManuscript(passages)).toBe('第一句 --> 不是时间\n第二句 换行\n');
  });

  it('cuts passages to the media: later ones dropped, the last one ended at the end', () => {
    expect(
      fitToDuration(
        [
          { text: 'a', startMs: 0, endMs: 5000 },
          { text: 'b', startMs: 5000, endMs: 9000 },
          { text: 'c', startMs: 9500, endMs: 9900 },
        ],
        8000,
      ),
    ).toEqual([
      { text: 'a', startMs: 0, endMs: 5000 },
      { text: 'b', startMs: 5000, endMs: 8000 },
    ]);
  });
});

describe('manifest', () => {
  const base = {
    course: { name: '课', catalogue: 12 },
    lecturer: { name: '张三' },
    videos: [{ file: 'a.mp4', name: '第一讲' }],
  };

  it('resolves files inside the folder and reads a catalogue path', () => {
    const m = parseManifest({ ...base, course: { name: '课', catalogue: '思政 / 思想道德与法治' } }, '/data/course');
    expect(m.course.catalogue).toEqual(['思政', '思想道德与法治']);
    expect(m.videos[0]!.file).toBe('/data/course/a.mp4');
  });

  it('names what is wrong, where', () => {
    expect(() => parseManifest({ ...base, videos: [] }, '/x')).toThrow('videos 应为非空数组');
    expect(() => parseManifest({ ...base, videos: [{ file: 'a.mp4', name: 'x', code: '../etc' }] }, '/x')).toThrow(
      /videos\[0\]\.code/,
    );
    expect(() =>
      parseManifest(
        { ...base, videos: [{ file: 'a.mp4', name: 'x', subtitles: [{ start: 3, end: 2, text: 'x' }] }] },
        '/x',
      ),
    ).toThrow('videos[0].subtitles[0].end 必须晚于 start');
    expect(() =>
      parseManifest(
        { ...base, videos: [{ file: 'a.mp4', name: 'x', keyframes: [{ time: 'soon', keyPoints: 'k' }] }] },
        '/x',
      ),
    ).toThrow('videos[0].keyframes[0].time');
    expect(() => parseManifest({ ...base, course: { name: '课' } }, '/x')).toThrow('course.catalogue');
  });
});

describe('demo narration', () => {
  it('reads Chinese as tone-numbered pinyin with neutral tone 5, ü as v and pauses at punctuation', () => {
    expect(toSpeakablePinyin('我们的绿色家园，很美。')).toBe('wo3 men5 de5 lv4 se4 jia1 yuan2, hen3 mei3.');
    expect(toSpeakablePinyin('“实践”是《资本论》的关键词？')).toBe(
      'shi2 jian4 shi4 zi1 ben3 lun4 de5 guan1 jian4 ci2?',
    );
  });
});

describe('progress output', () => {
  const sink = (isTTY: boolean) => {
    const chunks: string[] = [];
    return {
      chunks,
      stream: Object.assign(new Writable({ write: (c, _e, cb) => (chunks.push(String(c)), cb()) }), { isTTY }),
    };
  };

  it('redraws one bar on a terminal', () => {
    const { chunks, stream } = sink(true);
    const r = terminalReporter(stream);
    r.stepStarted('V1 第一讲', 'hls', 2, 6);
    r.progress(0.5);
    r.stepFinished(false);
    const out = chunks.join('');
    expect(out).toContain('\r\x1b[2KV1 第一讲 2/6 hls [##############--------------]  50%');
    expect(out.trimEnd().split('\n')).toHaveLength(1);
  });

  it('prints plain lines, a few per step, elsewhere', () => {
    const { chunks, stream } = sink(false);
    const r = terminalReporter(stream);
    r.stepStarted('V1', 'hls', 2, 6);
    for (let f = 0.01; f <= 1; f += 0.01) r.progress(f);
    r.stepFinished(true);
    const lines = chunks.join('').trimEnd().split('\n');
    expect(lines[0]).toBe('V1 2/6 hls …');
    expect(lines.slice(1, 4)).toEqual(['V1 2/6 hls 25%', 'V1 2/6 hls 50%', 'V1 2/6 hls 75%']);
    expect(lines[4]).toContain('跳过');
    expect(chunks.join('')).not.toContain('\r');
  });
});
