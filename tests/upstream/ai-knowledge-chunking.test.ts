/**
 * How the knowledge base cuts a course's material into chunks (upstream/src/ai/knowledge/chunker.ts):
 * sentence and paragraph boundaries, 60..200 characters with short sentences merged, and the
 * second each chunk (and each of its sentences) starts at. Expected values are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  CHUNK_MAX,
  CHUNK_MIN,
  chunkCourse,
  type CourseMaterial,
  type VideoMaterial,
} from '../../upstream/src/ai/knowledge/chunker';
import { fold } from '../../upstream/src/ai/knowledge/fold';
import { foldForMatch } from '../../upstream/src/search/analyzer';

const length = (text: string) => [...text].length;

function video(overrides: Partial<VideoMaterial> = {}): VideoMaterial {
  return { videoId: 11, videoName: '第一讲', abstract: '', keyframes: [], transcript: [], ...overrides };
}

function course(videos: VideoMaterial[], overrides: Partial<CourseMaterial> = {}): CourseMaterial {
  return {
    courseId: 1,
    courseName: '矛盾论导读',
    courseInfo: '',
    lecturerName: '司马新文',
    lecturerPosition: '教授',
    videos,
    ...overrides,
  };
}

/** a sentence of exactly n characters, ending with 。 */
const sentence = (n: number, fill = '字') => fill.repeat(n - 1) + '。';

describe('chunking a transcript', () => {
  it('merges short passages until a chunk reaches 60 characters, each chunk at its first passage', () => {
    // passages of 20 characters, 10 s each: three make 60, so chunks start at 0 s, 30 s, 60 s
    const transcript = Array.from({ length: 7 }, (_, i) => ({
      text: sentence(20, '讲'),
      startMs: i * 10_000,
      endMs: (i + 1) * 10_000,
    }));
    const chunks = chunkCourse(course([video({ transcript })])).filter((c) => c.kind === 'transcript');
    // 7 × 20: 60 (0 s), 60 (30 s), then the last 20 alone would be short: it joins the chunk before
    expect(chunks.map((c) => [length(c.text), c.timePoint])).toEqual([
      [60, 0],
      [80, 30],
    ]);
    // every sentence keeps the second it is spoken
    expect(chunks[1]!.marks).toEqual([
      [0, 30],
      [20, 40],
      [40, 50],
      [60, 60],
    ]);
  });

  it('cuts a passage of several sentences at its sentences, timing them by characters over the passage', () => {
    // one passage of 4 sentences of 50 characters over 100 s: they start at 0, 25, 50, 75 s (+ 200 s)
    const text = [sentence(50, '甲'), sentence(50, '乙'), sentence(50, '丙'), sentence(50, '丁')].join('');
    const chunks = chunkCourse(course([video({ transcript: [{ text, startMs: 200_000, endMs: 300_000 }] })])).filter(
      (c) => c.kind === 'transcript',
    );
    // 50 < 60: two sentences a chunk (100 ≤ 200)
    expect(chunks.map((c) => [c.text, c.timePoint])).toEqual([
      [sentence(50, '甲') + sentence(50, '乙'), 200],
      [sentence(50, '丙') + sentence(50, '丁'), 250],
    ]);
    expect(chunks[1]!.marks).toEqual([
      [0, 250],
      [50, 275],
    ]);
  });

  it('never makes a chunk longer than 200 characters: a long sentence is cut at its clauses, then hard', () => {
    const clause = '这是一个分句'.repeat(10) + '，'; // 61 characters
    const long = clause.repeat(5) + '完。'; // 307 characters, one sentence
    const endless = '无'.repeat(450); // no punctuation at all
    const chunks = chunkCourse(
      course([
        video({
          transcript: [
            { text: long, startMs: 0, endMs: 307_000 },
            { text: endless, startMs: 307_000, endMs: 757_000 },
          ],
        }),
      ]),
    ).filter((c) => c.kind === 'transcript');
    for (const c of chunks) expect(length(c.text)).toBeLessThanOrEqual(CHUNK_MAX);
    expect(chunks.map((c) => c.text).join('')).toBe(long + endless);
    // cut after a clause: the first chunk ends with ，
    expect(chunks[0]!.text.endsWith('，')).toBe(true);
    expect(length(chunks[0]!.text)).toBe(183);
    // 1 character a second: the second chunk starts at its first character's second
    expect(chunks[1]!.timePoint).toBe(183);
    // the unpunctuated passage is cut hard at 200 characters
    const hard = chunks.filter((c) => c.text.startsWith('无'));
    expect(hard.map((c) => [length(c.text), c.timePoint])).toEqual([
      [200, 307],
      [200, 507],
      [50, 707],
    ]);
  });

  it('keeps a sentence with its closing quote and counts code points, not UTF-16 units', () => {
    const text = `他说：“${'𠀀'.repeat(40)}。”${sentence(30)}`;
    const [chunk] = chunkCourse(course([video({ transcript: [{ text, startMs: 0, endMs: 1000 }] })])).filter(
      (c) => c.kind === 'transcript',
    );
    expect(chunk!.text).toBe(text);
    // the second sentence starts after 4 + 40 + 2 = 46 code points
    expect(chunk!.marks.map(([offset]) => offset)).toEqual([0, 46]);
  });
});

describe('chunking keyframes, the abstract and the course', () => {
  const material = course(
    [
      video({
        videoId: 11,
        videoName: '矛盾的普遍性',
        abstract: `${sentence(40, '摘')}${sentence(40, '要')}\n${sentence(70, '段')}`,
        keyframes: [
          { timePoint: 312, keyPoints: '矛盾的普遍性', description: '矛盾存在于一切事物的发展过程中。' },
          { timePoint: 90, keyPoints: '问题导入', description: '从生活中的矛盾说起。' },
        ],
      }),
      video({ videoId: 12, videoName: '矛盾的特殊性', abstract: '本讲讲矛盾的特殊性。' }),
    ],
    { courseInfo: '一门导读课。' },
  );
  const chunks = chunkCourse(material);

  it('makes each keyframe one chunk "label：description" at its own second, in time order', () => {
    expect(chunks.filter((c) => c.kind === 'keyframe').map((c) => [c.text, c.timePoint])).toEqual([
      ['问题导入：从生活中的矛盾说起。', 90],
      ['矛盾的普遍性：矛盾存在于一切事物的发展过程中。', 312],
    ]);
  });

  it('cuts the abstract at its paragraphs, at second 0', () => {
    const abstract = chunks.filter((c) => c.kind === 'abstract' && c.videoId === 11);
    // two sentences of 40 merge (80); the new paragraph starts a chunk of its own
    expect(abstract.map((c) => [length(c.text), c.timePoint])).toEqual([
      [80, 0],
      [70, 0],
    ]);
  });

  it("indexes the course's name, lecturer, lectures and introduction once, with its first video", () => {
    const courseChunks = chunks.filter((c) => c.kind === 'course');
    expect(courseChunks.map((c) => c.videoId)).toEqual([11]);
    expect(courseChunks[0]!.text).toBe(
      '课程《矛盾论导读》由司马新文（教授）主讲，共2讲：《矛盾的普遍性》《矛盾的特殊性》。一门导读课。',
    );
  });

  it('numbers the chunks of each video in order', () => {
    for (const videoId of [11, 12]) {
      const seqs = chunks.filter((c) => c.videoId === videoId).map((c) => c.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i));
    }
    expect(CHUNK_MIN).toBe(60);
  });
});

describe('folding for matching', () => {
  it("folds as search's foldForMatch does, on its fast path too", () => {
    const samples = [
      '质量互变规律',
      'GPT-4 与 TCP/IP',
      'Café de Flore',
      'cafe\u0301',
      'ＡＢＣ全角',
      'Ærø ŒUVRE',
      'x̧y',
      '',
    ];
    for (const text of samples) expect(fold(text), text).toBe(foldForMatch(text));
  });
});
