/**
 * A question → what the knowledge base looks for (the plan): its terms, each with the forms that
 * match it (the term and its aliases, search/lexicon/aliases.ts), and for a comparison (A和B的区别,
 * A与B有什么不同, A还是B) the side each term belongs to, so that each side retrieves its own
 * passages. Two things set side by side (一个…另一个…, 前者…后者…) are a comparison too.
 *
 * Book titles (《…》) and quoted terms (“…”) are kept whole; the rest is cut by jieba with the
 * platform's own names and terms in its dictionary (corpus-terms.ts), then the words of asking, of
 * the classroom and of chat (search/lexicon/stopwords.ts) are dropped. Whether the corpus knows a
 * term is the knowledge base's to say: a term no lecture uses counts neither for nor against.
 */
import { addUserWords, cutWords, searchWords, tagWords } from '../../search/analyzer';
import { ALIAS_GROUPS } from '../../search/lexicon/aliases';
import { COMPARISON_WORDS, CONJUNCTIONS, QUESTION_STOPWORDS } from '../../search/lexicon/stopwords';

export interface PlannedTerm {
  /** as the question writes it (lower case, without 《》) */
  text: string;
  /** what matches it: the term and its aliases, lower case, longest first */
  forms: string[];
  /** the side of a comparison (0 when the question is not one) */
  part: number;
  /** a proper name as jieba tags it (a person, place, organisation or other name) */
  proper?: boolean;
  /** a person's name as jieba tags it (nr, nrt, nrfg): a question about someone no lecture names has no answer here */
  person?: boolean;
}

export interface QuestionPlan {
  terms: PlannedTerm[];
  /** sides of a comparison (1 when not a comparison) */
  parts: number;
  /** the words dropped as words of asking, of the classroom or of chat */
  dropped: string[];
}

const strip = (name: string): string =>
  name
    .replace(/[《》“”"「」]/g, '')
    .trim()
    .toLowerCase();

let aliasIndex: Map<string, string[]> | undefined;
/** alias → every name of its groups (lower case); the names join the segmenter's dictionary (once) */
export function aliases(): Map<string, string[]> {
  if (aliasIndex) return aliasIndex;
  aliasIndex = new Map();
  for (const group of ALIAS_GROUPS) {
    const names = group.map(strip).filter((n) => n.length > 0);
    // a name in two groups (庄子 the person, 《庄子》 the book) is looked up under both
    for (const name of names) aliasIndex.set(name, [...new Set([...(aliasIndex.get(name) ?? []), ...names])]);
  }
  addUserWords(ALIAS_GROUPS.flat().map((n) => n.replace(/[《》]/g, '').trim()));
  return aliasIndex;
}

/** 区别, and a modifier with it as jieba cuts them in one word (本质区别, 主要区别, 有何不同); not 社会关系 */
const COMPARISON_MODIFIERS = ['本质', '主要', '根本', '最大', '核心', '有何', '什么', '哪些', '具体', '基本', '有啥'];
const COMPARISON_ENDINGS = ['区别', '差别', '差异', '不同', '异同'];
/**
 * Two things set side by side without a word of comparison: 一个看结果，另一个看什么; 前者…后者…;
 * 一种…另一种…. The word that opens the second thing (另, 后者) separates the sides.
 */
const CONTRAST = /(?:一个|一种|一类|一方|前者)[^？?。！!]{0,30}?(?:另一|另外一|后者)/u;
const CONTRAST_SEPARATORS = new Set(['另', '另外', '后者']);
const isComparisonWord = (word: string): boolean =>
  COMPARISON_WORDS.has(word) || COMPARISON_MODIFIERS.some((m) => COMPARISON_ENDINGS.some((e) => word === m + e));

/**
 * Joins other names found in the content itself (ai_aliases: [term, other name]) to the lexicon's;
 * the other names join the segmenter's dictionary.
 */
export function addAliases(pairs: Iterable<readonly [string, string]>): void {
  const index = aliases();
  const words: string[] = [];
  for (const [a, b] of pairs) {
    const x = strip(a);
    const y = strip(b);
    if (!x || !y || x === y) continue;
    const group = [...new Set([...(index.get(x) ?? [x]), ...(index.get(y) ?? [y])])];
    for (const name of group) index.set(name, group);
    words.push(b);
  }
  addUserWords(words);
}

const PROTECTED = /《([^《》]{1,30})》|[“"「]([^“”"「」]{1,30})[”"」]/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** the question's tokens in order: protected spans whole, the rest as jieba cuts it */
function tokens(question: string): { text: string; whole: boolean }[] {
  const out: { text: string; whole: boolean }[] = [];
  let at = 0;
  for (const match of question.matchAll(PROTECTED)) {
    for (const word of cutWords(question.slice(at, match.index))) out.push({ text: word, whole: false });
    out.push({ text: (match[1] ?? match[2] ?? '').trim(), whole: true });
    at = match.index + match[0].length;
  }
  for (const word of cutWords(question.slice(at))) out.push({ text: word, whole: false });
  return out.filter((t) => t.text.trim() !== '');
}

/**
 * Words that point back at what the asker is looking at (那它和机会成本有什么区别, 这一派的名字是怎么来的,
 * 她是因为这个得的奖吗): asked from a lecture's play page, they stand for the lecture's topic.
 */
const REFERRING = new Set([
  '它',
  '它们',
  '他',
  '她',
  '这',
  '这个',
  '这种',
  '这一',
  '这些',
  '此',
  '其',
  '该',
  '本',
  '那它',
]);
/** whether the question has a word pointing back at what the asker is looking at */
export const refersBack = (question: string): boolean =>
  tokens(question.normalize('NFKC')).some((t) => !t.whole && REFERRING.has(t.text));

/**
 * The question's plan; topic, when given (the topic of the lecture the question is asked from),
 * stands where the question points back at it (它, 这个).
 */
export function planQuestion(question: string, topic?: string | null): QuestionPlan {
  const aliasOf = aliases();
  let words = tokens(question.normalize('NFKC'));
  if (topic) {
    let said = false;
    words = words.flatMap((w) => {
      if (w.whole || !REFERRING.has(w.text)) return [w];
      if (said) return [];
      said = true;
      return [{ text: topic, whole: true }];
    });
  }
  const contrast = CONTRAST.test(question);
  const comparison = contrast || words.some((w) => !w.whole && isComparisonWord(w.text.toLowerCase()));
  const dropped: string[] = [];
  const found: { text: string; part: number }[] = [];
  let part = 0;
  let sideHasTerm = false;
  for (const word of words) {
    const lower = strip(word.text);
    if (!word.whole && comparison && (CONJUNCTIONS.has(lower) || (contrast && CONTRAST_SEPARATORS.has(lower)))) {
      if (sideHasTerm) {
        part++;
        sideHasTerm = false;
      }
      continue;
    }
    if (!HAS_WORD.test(lower)) continue;
    if (!word.whole && (QUESTION_STOPWORDS.has(lower) || isComparisonWord(lower))) {
      if (!dropped.includes(lower)) dropped.push(lower);
      continue;
    }
    found.push({ text: lower, part });
    sideHasTerm = true;
  }
  // a "comparison" with one side is a question about one thing
  const parts = comparison ? new Set(found.map((f) => f.part)).size : 1;
  const terms: PlannedTerm[] = [];
  for (const f of found) {
    if (terms.some((t) => t.text === f.text)) continue;
    const forms = [...new Set([f.text, ...(aliasOf.get(f.text) ?? [])])].sort((a, b) => b.length - a.length);
    terms.push({
      text: f.text,
      forms,
      part: parts > 1 ? f.part : 0,
      proper: forms.some(isProperName),
      person: isPersonName(f.text),
    });
  }
  if (parts > 1) {
    // sides renumbered 0.. in order (a side may have lost its only term to a duplicate)
    const order = [...new Set(terms.map((t) => t.part))];
    for (const t of terms) t.part = order.indexOf(t.part);
  }
  return { terms, parts: parts > 1 ? new Set(terms.map((t) => t.part)).size : 1, dropped };
}

/** the words inside a term (jieba's search mode: 费尔巴哈论纲 → 费尔巴哈, 论纲), stopwords dropped, two characters or more */
export function termWords(term: string): string[] {
  return [...new Set(searchWords(term).map((w) => w.toLowerCase()))].filter(
    (w) => w !== term && [...w].length >= 2 && HAS_WORD.test(w) && !QUESTION_STOPWORDS.has(w) && !isComparisonWord(w),
  );
}

const PROPER = /^(?:nr|nrt|nrfg|ns|nt|nz)$/;
const PERSON = /^(?:nr|nrt|nrfg)$/;
/** a person's name as jieba tags the word on its own (弗洛伊德 nrt, 萨特 nr); jieba's dictionary also tags a few phrases opening with a demonstrative so (那本书) */
function isPersonName(word: string): boolean {
  // one character is no name the lexicon could judge (鄂 of 薛定鄂, a typo for 谔, is tagged a name)
  if (/^[这那哪此该每某]/u.test(word) || [...word].length < 2) return false;
  const tagged = tagWords(word);
  return tagged.length === 1 && PERSON.test(tagged[0]!.tag);
}
/**
 * a person's, place's, organisation's or other proper name, as jieba tags the word on its own; or
 * a word in Latin letters in a Chinese question (CRISPR, GDP, RCEP): a name or a term of art
 */
function isProperName(word: string): boolean {
  if (/^[a-z][a-z0-9]*$/iu.test(word) && word.length >= 2) return true;
  const tagged = tagWords(word);
  return tagged.length === 1 && PROPER.test(tagged[0]!.tag);
}
