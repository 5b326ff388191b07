/**
 * Text analysis shared by indexing and querying, so that both sides cut text the same way.
 *
 * FTS5's own tokenizers cannot split Chinese into words (unicode61 makes a whole run of Han
 * characters one token, trigram never matches two-character words), so jieba segments the text
 * here and the FTS5 tables receive the words joined by spaces; unicode61 then only splits at those
 * spaces (and inside words such as "GPT-4") and folds case. Every row is indexed twice:
 * - words: jieba's search mode (`cutForSearch`: each word and the dictionary words inside it),
 *   for ranked word search;
 * - characters: the distinct Han characters, pairs of adjacent Han characters (bigrams) and
 *   non-Han words of each field, for single-character keywords and for keywords jieba cuts
 *   differently from the text (a fragment starting or ending inside a word, a name it does not
 *   know), which the word index cannot find. A keyword's bigrams all present is nearly "contains
 *   the keyword", and bigrams are rare enough to intersect fast, where single characters are not.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/** Wrap matched words in highlights (upstream/API.md "Highlights"); never part of indexed text. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
const MARKS = /[\uE000\uE001]/g;

let jieba: Jieba | undefined;

/** Loading the dictionary takes ~180 ms: one segmenter per process, made on first use. */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

let baseJieba: Jieba | undefined;
/** jieba with its own dictionary only, for the words inside the platform's longer terms (indexWords) */
function baseSegmenter(): Jieba {
  baseJieba ??= Jieba.withDict(dict);
  return baseJieba;
}

/** the words added to jieba's dictionary so far (addUserWords) */
const userWords = new Set<string>();
/** a user word is a name or a term: as frequent as a common dictionary word, so jieba keeps it whole */
const USER_WORD_FREQUENCY = 2_000;
const USER_WORD = /^[\p{L}\p{N}·・\-]{2,24}$/u;

/**
 * Adds the platform's own names and terms (lecturers, titles, keyframe labels, glossary terms:
 * ai/knowledge/corpus-terms.ts) to the segmenter's dictionary, so that indexing and questions cut
 * 阮冈纳赞 or 文化领导权 whole instead of into pieces. One dictionary for search and the AI, for the
 * rest of the process; words already added, or not a plain run of letters and digits, are skipped.
 * Returns how many were added.
 */
export function addUserWords(words: Iterable<string>): number {
  const lines: string[] = [];
  for (const raw of words) {
    const word = raw.trim();
    if (userWords.has(word) || !USER_WORD.test(word) || /\s/.test(word)) continue;
    userWords.add(word);
    lines.push(`${word} ${USER_WORD_FREQUENCY} n`);
  }
  if (lines.length > 0) segmenter().loadDict(Buffer.from(lines.join('\n') + '\n'));
  return lines.length;
}

/** jieba's precise cut of a text (HMM on for words it does not know), word tokens only */
export function cutWords(text: string): string[] {
  const clean = stripMarks(text);
  if (!clean.trim()) return [];
  return segmenter().cut(clean, true);
}

/** jieba's search-mode words of a text: each word and the dictionary words inside it */
export function searchWords(text: string): string[] {
  const clean = stripMarks(text);
  if (!clean.trim()) return [];
  return segmenter().cutForSearch(clean, true).filter(isWord);
}

/** jieba's precise cut with part-of-speech tags (n noun, nr person, ns place, v verb…) */
export function tagWords(text: string): { word: string; tag: string }[] {
  const clean = stripMarks(text);
  if (!clean.trim()) return [];
  return segmenter().tag(clean, true);
}

/** true when the word was added by addUserWords */
export const isUserWord = (word: string): boolean => userWords.has(word);

/**
 * The character bigrams of a text in order, space-joined for a bigram column: an FTS5 phrase of a
 * word's bigrams then finds the word wherever it is written, however jieba cut it, and across
 * punctuation inside it (“放管服”改革 has the bigrams of 放管服改革). Letters and digits only,
 * lower-cased; a text of one character is itself.
 */
export function textGrams(text: string): string {
  const chars = [
    ...stripMarks(text)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, ''),
  ];
  if (chars.length <= 1) return chars.join('');
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i]! + chars[i + 1]!);
  return grams.join(' ');
}

/** the FTS5 phrase that finds a word in a bigram column; null when it has no letter or digit */
export function gramPhrase(word: string): string | null {
  const grams = textGrams(word);
  return grams ? `"${grams.replace(/"/g, '""')}"` : null;
}

/** Words that say nothing about a text; dropped from a query unless nothing else remains. */
const STOPWORDS = new Set([
  '的',
  '了',
  '是',
  '和',
  '与',
  '及',
  '或',
  '在',
  '我们',
  '我',
  '你',
  '您',
  '他',
  '她',
  '它',
  '他们',
  '这',
  '那',
  '这个',
  '那个',
  '一个',
  '就',
  '也',
  '都',
  '而',
  '之',
  '其',
  '把',
  '被',
  '对',
  '吗',
  '呢',
  '吧',
  '啊',
  '着',
  '过',
  '又',
  '还',
  '很',
  '让',
  '从',
  '向',
  '为',
  '以',
  '于',
  '等',
  '个',
  'the',
  'a',
  'an',
  'of',
  'and',
  'or',
  'to',
  'in',
  'is',
]);

const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;
const HAN = /\p{Script=Han}/u;
/** a run of Han characters, or of other letters and digits (unicode61 splits them the same way) */
const CHARACTER_RUNS = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
/** a keyword longer than this many words keeps only its longest ones (bm25 pays for every word) */
const MAX_QUERY_WORDS = 10;
/** and at most this many bigrams in the character index */
const MAX_QUERY_CHARACTER_TOKENS = 12;

const LATIN = /\p{Script=Latin}/u;
const COMBINING_MARK = /^\p{M}$/u;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Each character of a text as matching compares it, in order: lower-cased, and Latin letters
 * without their diacritics (their combining marks dropped, also when the text is decomposed), as
 * the index's `remove_diacritics 2` compares them: café and cafe match each other, so the
 * highlights and the whole-keyword tier must see them alike too.
 */
export function* matchFolding(text: string): Generator<{ char: string; folded: string }> {
  let afterLatin = false;
  for (const char of text) {
    if (afterLatin && COMBINING_MARK.test(char)) {
      yield { char, folded: '' };
    } else if (LATIN.test(char)) {
      afterLatin = true;
      yield { char, folded: char.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase() };
    } else {
      afterLatin = false;
      yield { char, folded: char.toLowerCase() };
    }
  }
}

/** The text as matching compares it (matchFolding). */
export const foldForMatch = (text: string): string => {
  let out = '';
  for (const { folded } of matchFolding(text)) out += folded;
  return out;
};

/** The text as displayed and indexed: without highlight markers. */
export const stripMarks = (text: string): string => text.replace(MARKS, '');

const isWord = (token: string): boolean => HAS_WORD_CHARACTER.test(token);
const length = (text: string): number => [...text].length;

/** jieba's search-mode words of a field, space-joined for a word column. */
export function indexWords(text: string): string {
  const clean = stripMarks(text);
  if (!clean.trim()) return '';
  const words = segmenter().cutForSearch(clean, true).filter(isWord);
  // a user word longer than three characters hides the dictionary words inside it (search mode
  // only adds those of two and three): 马克思主义哲学 would not be found by 马克思主义. The text's
  // words as jieba's own dictionary cuts them are indexed beside it.
  if (!words.some((w) => userWords.has(w) && [...w].length > 3)) return words.join(' ');
  const seen = new Set(words);
  for (const word of baseSegmenter().cutForSearch(clean, true)) {
    if (isWord(word) && !seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words.join(' ');
}

/** Adjacent pairs of a run of Han characters. */
function bigrams(run: string): string[] {
  const chars = [...run];
  const pairs: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i]! + chars[i + 1]!);
  return pairs;
}

/** The distinct characters, bigrams and non-Han words of a field, space-joined for a character column. */
export function indexCharacters(text: string): string {
  const tokens = new Set<string>();
  for (const run of stripMarks(text).toLowerCase().match(CHARACTER_RUNS) ?? []) {
    if (!HAN.test(run)) {
      tokens.add(run);
      continue;
    }
    for (const c of run) tokens.add(c);
    for (const pair of bigrams(run)) tokens.add(pair);
  }
  return [...tokens].join(' ');
}

/**
 * The character of a numeric reference; U+FFFD for what names none (beyond U+10FFFF, a surrogate,
 * NUL), as HTML parsers do: String.fromCodePoint throws there, and one introduction would stop the
 * whole queue.
 */
function codePointText(codePoint: number): string {
  const valid = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : '\uFFFD';
}

/** Text of sanitised HTML (a lecturer's introduction) for indexing. */
export function htmlText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/div|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return codePointText(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return codePointText(parseInt(lower.slice(1), 10));
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }[lower] ?? entity;
    })
    .replace(/[ \t\r\f\v]+/g, ' ')
    .trim();
}

export interface AnalyzedKeyword {
  /** as typed, trimmed, without highlight markers */
  keyword: string;
  /** lower-cased, for the exact-phrase test */
  lower: string;
  /**
   * jieba's words of the keyword (precise mode), all required. Search mode at query time would add
   * the words inside each word, which every row with the word has anyway (the index holds search
   * mode): the same matches for more bm25 work. Empty when the keyword has no letter or digit.
   */
  words: string[];
  /**
   * tokens for the character index (AND): the keyword's bigrams, a Han character standing alone,
   * its non-Han words; the character itself for a one-character keyword
   */
  characters: string[];
  /** a single Han character: searched in the character index only (jieba rarely emits one alone) */
  singleCharacter: boolean;
  /**
   * the character index answers first: a single character, or a keyword jieba cuts into single
   * characters only (本讲 → 本|讲), whose bigrams say the same more precisely and far cheaper
   */
  charactersFirst: boolean;
  /**
   * true when every word match necessarily contains the keyword as typed (one word, the keyword
   * itself): the exact-phrase tier then changes nothing and is skipped
   */
  wordMatchIsExact: boolean;
  /** what highlights mark when the word index answers, longest first */
  wordHighlights: string[];
  /** what highlights mark when the character index answers, longest first */
  characterHighlights: string[];
}

/** FTS5 string literal: a token inside double quotes is matched as a phrase of its own tokens. */
export const ftsString = (token: string): string => `"${token.replace(/"/g, '""')}"`;

export function analyzeKeyword(input: string): AnalyzedKeyword {
  const keyword = stripMarks(input).trim();
  const lower = keyword.toLowerCase();
  const jieba = segmenter();

  // precise mode: the words of the keyword, each once
  let words = [
    ...new Set(
      jieba
        .cut(keyword, true)
        .filter(isWord)
        .map((w) => w.toLowerCase()),
    ),
  ];
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  if (meaningful.length > 0) words = meaningful;
  // A long keyword (a sentence copied from a lecture) keeps its longer words: single Han characters
  // there are mostly particles that every text has, and each word costs bm25 a pass over its rows.
  const singleHan = (w: string) => length(w) === 1 && HAN.test(w);
  if (words.filter((w) => !singleHan(w)).length >= 3) words = words.filter((w) => !singleHan(w));
  if (words.length > MAX_QUERY_WORDS) {
    const keep = new Set([...words].sort((a, b) => length(b) - length(a)).slice(0, MAX_QUERY_WORDS));
    words = words.filter((w) => keep.has(w));
  }
  const singleCharacter = length(keyword) === 1 && HAN.test(keyword);
  const characterTokens = new Set<string>();
  for (const run of lower.match(CHARACTER_RUNS) ?? []) {
    if (HAN.test(run) && length(run) > 1) for (const pair of bigrams(run)) characterTokens.add(pair);
    else characterTokens.add(run);
  }
  let characters = [...characterTokens];
  // 我们, 这个…: as common as single characters; dropped unless nothing else remains
  const meaningfulCharacters = characters.filter((c) => !STOPWORDS.has(c));
  if (meaningfulCharacters.length > 0) characters = meaningfulCharacters;
  // a sentence has dozens: every other bigram still covers every character, then a sample of them
  if (characters.length > MAX_QUERY_CHARACTER_TOKENS) characters = characters.filter((_, i) => i % 2 === 0);
  if (characters.length > MAX_QUERY_CHARACTER_TOKENS) {
    const step = characters.length / MAX_QUERY_CHARACTER_TOKENS;
    characters = Array.from({ length: MAX_QUERY_CHARACTER_TOKENS }, (_, i) => characters[Math.floor(i * step)]!);
  }
  const wordMatchIsExact = words.length === 1 && words[0] === lower;
  const charactersFirst = singleCharacter || (words.length > 0 && words.every(singleHan) && characters.length > 0);

  const longestFirst = (terms: Set<string>) =>
    [...terms].filter((t) => t.trim() !== '').sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  // the whole keyword, its words and the words inside them (search mode)
  const wordTerms = new Set<string>([lower]);
  for (const word of words) {
    wordTerms.add(word);
    for (const sub of jieba.cutForSearch(word, true)) {
      const token = sub.toLowerCase();
      if (isWord(token) && !STOPWORDS.has(token)) wordTerms.add(token);
    }
  }
  // the whole keyword, its runs of letters, then the pieces the character index matched
  const characterTerms = new Set<string>([lower, ...(lower.match(CHARACTER_RUNS) ?? []), ...characters]);

  return {
    keyword,
    lower,
    words,
    characters,
    singleCharacter,
    charactersFirst,
    wordMatchIsExact,
    wordHighlights: longestFirst(wordTerms),
    characterHighlights: longestFirst(characterTerms),
  };
}

/** The FTS5 expression of the word index: every word required; null when there is none. */
export function wordExpression(analyzed: AnalyzedKeyword): string | null {
  if (analyzed.words.length === 0) return null;
  return analyzed.words.map(ftsString).join(' AND ');
}

/** The FTS5 expression of the character index: every bigram (character, non-Han word) required. */
export function characterExpression(analyzed: AnalyzedKeyword): string | null {
  if (analyzed.characters.length === 0) return null;
  return analyzed.characters.map(ftsString).join(' AND ');
}
