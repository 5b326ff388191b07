/**
 * What a course becomes in the knowledge base, whatever engine keeps it (knowledge-base.ts on
 * SQLite, postgres-knowledge-base.ts on PostgreSQL): its chunks with their words, bigrams and
 * sentence hashes, and the platform's own terms and aliases it adds to the segmenter. The engines
 * only read the material and write these rows.
 */
import { createHash } from 'node:crypto';
import { pinyin } from 'pinyin-pro';
import { addUserWords, indexWords, isUserWord, textGrams } from '../../search/analyzer';
import { chunkCourse, type Chunk, type CourseMaterial } from './chunker';
import { courseAliases, courseTerms, labelTerms, skeletonOf } from './corpus-terms';
import { addAliases, aliases } from './question-plan';
import { sentencesOf } from './ranking';

/** 48 bits of a text's SHA-1, a safe integer */
const hash48 = (text: string): number => createHash('sha1').update(text).digest().readUIntBE(0, 6);

export interface IndexedSentence {
  /** the sentence's place among the chunk's marks */
  seq: number;
  /** hash of the sentence with the dictionary's terms masked */
  skeleton: number;
  /** hash of the sentence's letters and digits */
  sentence: number;
  /** the sentence names a term (its skeleton has a slot) */
  named: boolean;
}

export interface IndexedChunk {
  chunk: Chunk;
  /** jieba's search-mode words of the text, of the video's name and of the course (name, lecturer), space-joined */
  words: string;
  videoWords: string;
  courseWords: string;
  /** the text's character bigrams in order, space-joined */
  grams: string;
  sentences: IndexedSentence[];
}

export interface IndexedCourse {
  /** the platform's own names and terms the course brings (ai_terms) */
  terms: string[];
  /** other names the material gives its terms (ai_aliases) */
  aliases: [string, string][];
  chunks: IndexedChunk[];
}

/**
 * The platform's names and terms (ai_terms), lower-cased, for a lookup per question term without
 * a query, and the segmenter's user words they become.
 */
export interface CorpusDictionary {
  isCorpusTerm(form: string): boolean;
  /**
   * The platform's terms that sound like the text (the same toneless pinyin, character by
   * character), other than the text itself: 薛定鄂方程 → 薛定谔方程, 量子糾纏 → 量子纠缠 (a typo, a
   * near-homophone, traditional characters). Only terms of Chinese characters, two or more.
   */
  soundsLike(text: string): string[];
  /**
   * The platform's terms into the segmenter before anything is cut: those stored, and on the first
   * start (none stored) every course's, so that the first course indexed already masks and keeps
   * whole the terms of the last. Returns false when none are stored: then call useCourses.
   */
  useStored(terms: string[], storedAliases: [string, string][]): boolean;
  /** the first start: every course's terms and the catalogue's names */
  useCourses(catalogueNames: string[], materials: Iterable<CourseMaterial>): void;
  /** a course's terms and aliases into the segmenter and the lookup, and its chunks as rows to write */
  index(material: CourseMaterial): IndexedCourse;
}

/** toneless pinyin of one character on its own (its usual reading), cached */
const readings = new Map<string, string>();
function readingOf(char: string): string {
  let reading = readings.get(char);
  if (reading === undefined) {
    reading = pinyin(char, { toneType: 'none', type: 'array' })[0] ?? char;
    if (readings.size < 50_000) readings.set(char, reading);
  }
  return reading;
}
const HAN_TERM = /^\p{Script=Han}{2,12}$/u;
export const soundKey = (text: string): string => [...text].map(readingOf).join(' ');

export function createCorpusDictionary(): CorpusDictionary {
  const corpusTerms = new Set<string>();
  /**
   * terms by their sound, built when first asked (every term's), then kept as terms are added (a
   * rebuild at 100 000 courses would stall the question after each change)
   */
  let bySound: Map<string, string[]> | null = null;
  function indexSound(index: Map<string, string[]>, term: string): void {
    if (!HAN_TERM.test(term)) return;
    const key = soundKey(term);
    const terms = index.get(key);
    if (!terms) index.set(key, [term]);
    else if (!terms.includes(term)) terms.push(term);
  }
  function soundIndex(): Map<string, string[]> {
    if (bySound) return bySound;
    bySound = new Map();
    for (const term of corpusTerms) indexSound(bySound, term);
    return bySound;
  }
  function addTerm(term: string): void {
    const lower = term.toLowerCase();
    if (corpusTerms.has(lower)) return;
    corpusTerms.add(lower);
    if (bySound) indexSound(bySound, lower);
  }
  return {
    isCorpusTerm: (form) => corpusTerms.has(form.toLowerCase()),
    soundsLike: (text) =>
      HAN_TERM.test(text) ? (soundIndex().get(soundKey(text)) ?? []).filter((t) => t !== text) : [],
    useStored(terms, storedAliases) {
      // the alias lexicon's names too, so that search and the AI cut them alike from the start
      aliases();
      for (const term of terms) addTerm(term);
      if (terms.length === 0) return false;
      addUserWords(terms);
      addAliases(storedAliases);
      return true;
    },
    useCourses(catalogueNames, materials) {
      const all = new Set<string>(catalogueNames.flatMap((name) => labelTerms(name)));
      for (const material of materials) for (const term of courseTerms(material)) all.add(term);
      addUserWords(all);
    },
    index(material) {
      const terms = courseTerms(material);
      if (material.catalogueName) for (const term of labelTerms(material.catalogueName)) terms.add(term);
      addUserWords(terms);
      const others = courseAliases(material);
      addAliases(others);
      for (const term of terms) addTerm(term);
      const courseWords = indexWords(`${material.courseName} ${material.lecturerName}`);
      const names = new Map(material.videos.map((v) => [v.videoId, indexWords(v.videoName)]));
      const chunks = chunkCourse(material).map((chunk): IndexedChunk => {
        const sentences: IndexedSentence[] = [];
        sentencesOf(chunk.text, chunk.marks).forEach((sentence, seq) => {
          // the dictionary's terms are the segmenter's user words
          const skeleton = skeletonOf(sentence.text, isUserWord);
          if (skeleton === '') return;
          sentences.push({
            seq,
            skeleton: hash48(skeleton),
            sentence: hash48(sentence.text.replace(/[^\p{L}\p{N}]/gu, '')),
            named: skeleton.includes('□'),
          });
        });
        return {
          chunk,
          words: indexWords(chunk.text),
          videoWords: names.get(chunk.videoId) ?? '',
          courseWords,
          grams: textGrams(chunk.text),
          sentences,
        };
      });
      return { terms: [...terms], aliases: others, chunks };
    },
  };
}
