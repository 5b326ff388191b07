/**
 * The platform's own names and terms, taken from its content: the user dictionary of the segmenter
 * (search/analyzer.ts addUserWords) and the slots that a sentence's skeleton masks.
 *
 * From a course's material: its lecturer's name, every keyframe label that reads as a term (a
 * glossary entry, at most TERM_MAX characters, not a pair joined by 与/和), every book title in
 * 《》 and every short quoted term in “” or 「」 of its descriptions, abstracts, keyframes and
 * transcript. Course and video titles are phrases (如何理解…, 从…到…) that questions name in
 * part: they are indexed as words already and are not made into single words.
 */
import { isUserWord, tagWords } from '../../search/analyzer';
import type { CourseMaterial } from './chunker';

const TERM_MAX = 12;
const BOOK_TITLE = /《([^《》\n]{2,24})》/gu;
const QUOTED = /[“「]([^“”「」\n]{2,10})[”」]/gu;
const PUNCTUATION = /[，,。：:；;！？!?、\s]/u;
const TERM = /^[\p{L}\p{N}·・\-（）()]+$/u;

const isTerm = (text: string): boolean => {
  const length = [...text].length;
  return length >= 2 && length <= TERM_MAX && TERM.test(text) && !PUNCTUATION.test(text);
};

/** book titles and quoted terms of a text */
export function termsInText(text: string, into: Set<string>): void {
  for (const match of text.matchAll(BOOK_TITLE)) into.add(match[1]!.trim());
  for (const match of text.matchAll(QUOTED)) if (isTerm(match[1]!.trim())) into.add(match[1]!.trim());
}

/**
 * The terms a keyframe label names: itself, or the terms it joins (特征值与特征向量 → 特征值,
 * 特征向量), each without inner punctuation (存天理，灭人欲 → 存天理灭人欲).
 */
export function labelTerms(label: string): string[] {
  const squeeze = (text: string) => text.replace(/[，,：:；;\s“”"'‘’]/gu, '').trim();
  // 与, 及 and 、 join terms; 和 only between two words (碳中和, 和平 are words of their own)
  const parts = squeeze(label)
    .split(/[与及、]/u)
    .flatMap((part) => {
      const sides = part.split('和');
      return sides.length === 2 && sides.every((side) => [...side].length >= 2) ? sides : [part];
    });
  return parts.filter(isTerm);
}

export function courseTerms(material: CourseMaterial): Set<string> {
  const terms = new Set<string>();
  if (isTerm(material.lecturerName.trim())) terms.add(material.lecturerName.trim());
  termsInText(material.courseInfo, terms);
  termsInText(material.courseName, terms);
  for (const video of material.videos) {
    termsInText(video.videoName, terms);
    termsInText(video.abstract, terms);
    for (const keyframe of video.keyframes) {
      for (const term of labelTerms(keyframe.keyPoints)) terms.add(term);
      termsInText(keyframe.description, terms);
    }
    for (const passage of video.transcript) termsInText(passage.text, terms);
  }
  return terms;
}

/** what a slot of a skeleton is: a term of the dictionary, or a name, place, number or foreign word */
const SLOT_TAGS = /^(?:nr|ns|nt|nz|eng|m|i|l)/;
/** a noun that a slot takes in: the term goes on (“放管服”改革, TCP/IP协议栈, 小提琴协奏曲《梁祝》) */
const NOUN_TAGS = /^(?:n|vn|ng)$/;
/** what joins two terms into one slot (栈与队列) */
const JOINERS = new Set(['与', '和', '及', '、']);
/** marks inside a term that do not end it: quotes, a slash, a dash, a middle dot */
const GLUE = /^[“”"'‘’「」/／—–\-·・]+$/u;

/**
 * A sentence's skeleton: its words with the terms (and names, numbers, idioms) masked, so that the
 * same frame said of different topics ("把X和日常经验对照起来看…") has one skeleton. Punctuation
 * and spaces are dropped. A slot takes in what goes on a term written with quotes, a slash or a
 * dash: the nouns right after it (把“放管服”改革简单化 and TCP/IP协议栈 frame as 把□简单化), and
 * a noun joined to it by 与/和/及/、 (把栈与队列简单化 as 把□与□简单化, which is 把□简单化).
 */
export function skeletonOf(sentence: string, isDictionaryTerm: (word: string) => boolean): string {
  /** glued: a quote, slash or dash right before it; written: a slot whose term is written with one */
  type Token = { kind: 'slot' | 'noun' | 'joiner' | 'word' | 'break'; word: string; glued: boolean; written?: boolean };
  const tokens: Token[] = [];
  let glued = false;
  // a book title is a name whatever words it is made of
  for (const { word, tag: pos } of tagWords(sentence.replace(/《[^《》]*》/gu, '〇'))) {
    if (GLUE.test(word)) {
      glued = true;
      continue;
    }
    const kind: Token['kind'] =
      word === '〇' || isDictionaryTerm(word) || (/[\p{L}\p{N}]/u.test(word) && SLOT_TAGS.test(pos))
        ? 'slot'
        : !/[\p{L}\p{N}]/u.test(word)
          ? 'break'
          : JOINERS.has(word)
            ? 'joiner'
            : NOUN_TAGS.test(pos)
              ? 'noun'
              : 'word';
    tokens.push({ kind, word: kind === 'word' || kind === 'noun' ? word.toLowerCase() : word, glued });
    glued = false;
  }
  // terms joined by 与/和/及/、 fill one slot (从□与□切入 frames the same as 从□切入); so does a noun joined to a term
  for (let i = 1; i + 1 < tokens.length; i++) {
    if (tokens[i]!.kind !== 'joiner') continue;
    const [before, after] = [tokens[i - 1]!, tokens[i + 1]!];
    if (
      (before.kind === 'slot' && (after.kind === 'slot' || after.kind === 'noun')) ||
      (before.kind === 'noun' && after.kind === 'slot')
    ) {
      before.kind = 'slot';
      tokens[i]!.kind = 'slot';
      after.kind = 'slot';
    }
  }
  // a term written with quotes, a slash or a dash goes on with the nouns right after it (“放管服”改革, TCP/IP协议栈);
  // a plain term does not take in the noun after it (队列是一种线性表 is not 队列是□)
  for (const [i, token] of tokens.entries()) {
    const before = tokens[i - 1];
    const inSlot = before?.kind === 'slot';
    if (token.kind === 'slot') token.written = token.glued || (inSlot && before.written === true);
    else if (token.kind === 'noun' && inSlot && (token.glued || before.written === true)) {
      token.kind = 'slot';
      token.written = true;
    }
  }
  const out: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'break') continue;
    if (token.kind === 'slot') {
      if (out[out.length - 1] !== '□') out.push('□');
    } else out.push(token.word);
  }
  return out.join('');
}

/** what introduces another name of a thing: 简称 RCEP, 俗称“民告官”, 被誉为“百戏之祖” */
const NAMING =
  /(简称|俗称|又称|也称|亦称|又叫|也叫|被称为|被誉为|被称作|号称)为?[“「"]?([\p{L}\p{N}·\-]{2,12})[”」"]?/gu;
const NAMED_TAGS = /^(?:nr|nrt|nrfg|ns|nt|nz)$/;

/**
 * The other names a text gives its terms, [term, other name]: "行政诉讼俗称“民告官”",
 * "昆曲是现存最古老的剧种之一，被誉为“百戏之祖”", "海顿被称为“交响乐之父”". The named thing is the
 * term or proper name right before the naming word, else the sentence's first term (its subject).
 */
export function aliasesInText(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const sentence of text.split(/[。！？!?；;\n]/u)) {
    if (!NAMING.test(sentence)) continue;
    NAMING.lastIndex = 0;
    const tagged = tagWords(sentence);
    const isName = (t: { word: string; tag: string }) => isUserWord(t.word) || NAMED_TAGS.test(t.tag);
    const subject = tagged.find(isName)?.word;
    for (const match of sentence.matchAll(NAMING)) {
      const other = match[2]!;
      const before = sentence.slice(0, match.index);
      const clause = before
        .split(/[，,：:、]/u)
        .pop()!
        .trim();
      const near = clause ? [...tagWords(clause)].reverse().find(isName)?.word : undefined;
      const named = clause ? (near && clause.endsWith(near) ? near : undefined) : subject;
      // "被称为种业的“硅谷”": a possessive is not a name
      if (named && named !== other && [...named].length >= 2 && !other.endsWith('的')) out.push([named, other]);
    }
  }
  return out;
}

/** every other name the course's material gives its terms */
export function courseAliases(material: CourseMaterial): [string, string][] {
  const texts = [material.courseInfo];
  for (const video of material.videos) {
    texts.push(video.abstract);
    for (const keyframe of video.keyframes) texts.push(keyframe.description);
    for (const passage of video.transcript) texts.push(passage.text);
  }
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const text of texts)
    for (const pair of aliasesInText(text)) {
      const key = pair.join('\u0000');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(pair);
      }
    }
  return out;
}
