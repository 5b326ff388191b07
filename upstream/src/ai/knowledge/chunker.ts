/**
 * Cuts a course's material into the knowledge base's chunks (upstream/API.md "Main API: AI"):
 * along paragraph and sentence boundaries, short sentences merged until a chunk holds about
 * CHUNK_MIN..CHUNK_MAX characters, so that a chunk says one thing with enough context to be quoted
 * and still points at one moment of the video.
 *
 * Every chunk keeps the second where it starts, and `marks`: where each of its sentences starts in
 * its text and the second it is spoken, so an answer can send the viewer to the sentence it quotes
 * rather than to the start of the chunk. Transcript passages carry their own times (start_ms, see
 * search's knowledge points: a passage is at start_ms / 1000, floored); a passage cut in two gets
 * the second its piece starts, shared out by characters over the passage's span. A keyframe is
 * one chunk at its time point (merging two would lose one of their seconds); the video abstract
 * and the course's description belong to no moment: second 0.
 */

export type ChunkKind = 'transcript' | 'keyframe' | 'abstract' | 'course';

/** merge sentences until a chunk has this many characters (code points) */
export const CHUNK_MIN = 60;
/** never more than this many: a longer sentence is cut at its clauses, then hard */
export const CHUNK_MAX = 200;

export interface CourseMaterial {
  courseId: number;
  courseName: string;
  courseInfo: string;
  lecturerName: string;
  lecturerPosition: string;
  /** the name of the catalogue node the course is filed under (a term of the platform's own) */
  catalogueName?: string;
  /** in the course's order: the course's own description is indexed with the first */
  videos: VideoMaterial[];
}

export interface VideoMaterial {
  videoId: number;
  videoName: string;
  abstract: string;
  keyframes: { timePoint: number; keyPoints: string; description: string }[];
  /** in seq order */
  transcript: { text: string; startMs: number; endMs: number }[];
}

export interface Chunk {
  videoId: number;
  /** order within the video */
  seq: number;
  kind: ChunkKind;
  /** seconds into the video where the chunk starts */
  timePoint: number;
  text: string;
  /** [offset in code points, second] of each sentence of the chunk, ascending */
  marks: [number, number][];
}

/** a sentence (or a piece of one) with the second it starts at */
interface Piece {
  text: string;
  second: number;
  /** a new paragraph starts here: the chunk before it closes once it is long enough */
  paragraph: boolean;
}

const length = (text: string): number => [...text].length;

// a sentence ends at 。！？；… (and their ASCII forms), closing quotes and brackets staying with it
const SENTENCE = /[^。！？!?；;…\n]*(?:[。！？!?；;]+|…+|(?=\n)|$)[”’」』）)》"']*/gu;
// a sentence too long for one chunk is cut after its clauses
const CLAUSE = /[^，,、：:]*[，,、：:]*/gu;

function sentencesOf(paragraph: string): string[] {
  return (paragraph.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s !== '');
}

/** cuts text into pieces of at most CHUNK_MAX code points: at clauses, then hard */
function fitted(sentence: string): string[] {
  if (length(sentence) <= CHUNK_MAX) return [sentence];
  const out: string[] = [];
  let current = '';
  for (const clause of (sentence.match(CLAUSE) ?? []).filter((c) => c !== '')) {
    if (current && length(current) + length(clause) > CHUNK_MAX) {
      out.push(current);
      current = '';
    }
    current += clause;
    while (length(current) > CHUNK_MAX) {
      const chars = [...current];
      out.push(chars.slice(0, CHUNK_MAX).join(''));
      current = chars.slice(CHUNK_MAX).join('');
    }
  }
  if (current) out.push(current);
  return out;
}

/** Pieces of a text without times (abstract, course description): paragraphs, then sentences. */
function untimedPieces(text: string, second: number): Piece[] {
  const pieces: Piece[] = [];
  for (const paragraph of text.split(/\n\s*\n|\r?\n/)) {
    let first = true;
    for (const sentence of sentencesOf(paragraph)) {
      for (const part of fitted(sentence)) {
        pieces.push({ text: part, second, paragraph: first });
        first = false;
      }
    }
  }
  return pieces;
}

/** Pieces of a transcript: each passage's sentences, at the second each starts within the passage. */
function transcriptPieces(transcript: VideoMaterial['transcript']): Piece[] {
  const pieces: Piece[] = [];
  for (const passage of transcript) {
    const text = passage.text.trim();
    const total = length(text);
    if (total === 0) continue;
    const span = Math.max(0, passage.endMs - passage.startMs);
    let before = 0;
    // a passage is where the subtitles break, not a paragraph: a lecture flows on across them
    for (const sentence of sentencesOf(text)) {
      for (const part of fitted(sentence)) {
        const startMs = passage.startMs + Math.floor((before * span) / total);
        pieces.push({ text: part, second: Math.floor(Math.max(0, startMs) / 1000), paragraph: false });
        before += length(part);
      }
    }
  }
  return pieces;
}

/**
 * Merges pieces into chunks: a piece joins the open chunk while the chunk is shorter than
 * CHUNK_MIN and both fit in CHUNK_MAX, except that a new paragraph starts a new chunk once the
 * open one has half of CHUNK_MIN (a heading line still joins its paragraph); a short last chunk
 * joins the one before when they fit.
 */
function merge(pieces: Piece[]): { text: string; second: number; marks: [number, number][] }[] {
  const chunks: { text: string; second: number; marks: [number, number][]; length: number }[] = [];
  let open: (typeof chunks)[number] | null = null;
  for (const piece of pieces) {
    const size = length(piece.text);
    const paragraphBreak = piece.paragraph && open !== null && open.length >= CHUNK_MIN / 2;
    if (open && !paragraphBreak && open.length < CHUNK_MIN && open.length + size <= CHUNK_MAX) {
      open.marks.push([open.length, piece.second]);
      open.text += piece.text;
      open.length += size;
      continue;
    }
    open = { text: piece.text, second: piece.second, marks: [[0, piece.second]], length: size };
    chunks.push(open);
  }
  const last = chunks[chunks.length - 1];
  const before = chunks[chunks.length - 2];
  if (last && before && last.length < CHUNK_MIN && before.length + last.length <= CHUNK_MAX) {
    for (const [offset, second] of last.marks) before.marks.push([before.length + offset, second]);
    before.text += last.text;
    before.length += last.length;
    chunks.pop();
  }
  return chunks.map(({ text, second, marks }) => ({ text, second, marks }));
}

/** The course's own description: its name, lecturer and introduction. */
function courseText(material: CourseMaterial): string {
  const lecturer = material.lecturerPosition
    ? `${material.lecturerName}（${material.lecturerPosition}）`
    : material.lecturerName;
  const head = `课程《${material.courseName}》由${lecturer}主讲，共${material.videos.length}讲：${material.videos
    .map((v) => `《${v.videoName}》`)
    .join('')}。`;
  return material.courseInfo.trim() ? `${head}\n${material.courseInfo.trim()}` : head;
}

/** Every chunk of a course, video by video. */
export function chunkCourse(material: CourseMaterial): Chunk[] {
  const chunks: Chunk[] = [];
  material.videos.forEach((video, index) => {
    let seq = 0;
    const add = (kind: ChunkKind, merged: ReturnType<typeof merge>) => {
      for (const m of merged) {
        chunks.push({ videoId: video.videoId, seq: seq++, kind, timePoint: m.second, text: m.text, marks: m.marks });
      }
    };
    if (index === 0) add('course', merge(untimedPieces(courseText(material), 0)));
    add('abstract', merge(untimedPieces(video.abstract, 0)));
    for (const keyframe of [...video.keyframes].sort((a, b) => a.timePoint - b.timePoint)) {
      const label = keyframe.keyPoints.trim();
      const description = keyframe.description.trim();
      const text = label && description ? `${label}：${description}` : label || description;
      if (!text) continue;
      const second = Math.max(0, Math.floor(keyframe.timePoint));
      add('keyframe', [{ text: fitted(text)[0]!, second, marks: [[0, second]] }]);
    }
    add('transcript', merge(transcriptPieces(video.transcript)));
  });
  return chunks;
}
