/**
 * The `retrieval` content writer: writes AI content from the material alone, choosing and
 * framing sentences the lecture itself says, so nothing in it goes beyond the video (no model
 * is needed and nothing can be invented). Deterministic: the same material gives the same content.
 */
import type { ContentMaterial, ContentWriter, WrittenContent } from '../provider';
import { SECTION_LABELS } from './key-concepts';
import type { AttributedWriter } from './writer';

export const MAX_KEY_POINTS = 20;
export const MIN_QUESTIONS = 3;
export const MAX_QUESTIONS = 6;
const MAX_POINT_LENGTH = 120;
const MAX_ABSTRACT_LENGTH = 300;
const MAX_OVERVIEW_NAMES = 12;

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 1..99 in Chinese numerals (第十二讲) */
export function chineseNumber(n: number): string {
  if (n < 10) return DIGITS[n]!;
  if (n >= 100) return String(n);
  const tens = Math.floor(n / 10);
  return `${tens === 1 ? '' : DIGITS[tens]}十${n % 10 === 0 ? '' : DIGITS[n % 10]}`;
}

const clip = (text: string, max: number) => {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** the concept in quotation marks, unless it carries its own (《…》, “…”) */
export const quoted = (term: string) => (/[《“"]/.test(term) ? term : `“${term}”`);

/** sentences that frame the lecture rather than say something (greetings, farewells, homework) */
const FRAMING =
  /同学们?好|欢迎来到|下课|下一讲|上一讲|讲到这里|再见|课后|讨论区|写一段|请大家思考|请大家想一想|关键词|这一讲|今天我们|不急着|小结一下|切入/;

/** whether two sentences say the same thing: they share a run of OVERLAP characters */
const OVERLAP = 12;
export function overlaps(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length < OVERLAP) return longer.includes(shorter);
  for (let i = 0; i + OVERLAP <= shorter.length; i += 4)
    if (longer.includes(shorter.slice(i, i + OVERLAP))) return true;
  return false;
}

/** how telling a sentence is: the concepts it names (whole terms count more), less for framing sentences */
function tellingScore(text: string, concepts: readonly string[]): number {
  let score = 0;
  concepts.forEach((concept, rank) => {
    if (text.includes(concept)) score += rank < 3 ? 2 : 1;
  });
  return FRAMING.test(text) ? score * 0.3 : score;
}

function courseOverview(m: ContentMaterial): string {
  const courseName = m.courseName.replace(/^《(.*)》$/, '$1');
  const where = m.catalogueTrail.slice(-2).join('·');
  const names = m.courseVideoNames
    .slice(0, MAX_OVERVIEW_NAMES)
    .map((name, i) => `第${chineseNumber(i + 1)}讲“${name}”`);
  const episodes =
    names.length > 0
      ? `各讲依次为：${names.join('、')}${m.courseVideoNames.length > MAX_OVERVIEW_NAMES ? '等' : ''}。`
      : '';
  const info = clip(m.courseInfo.replace(/\s+/g, ' '), 200);
  return `《${courseName}》由${m.authorName}主讲${where ? `，属于${where}方向` : ''}，共${chineseNumber(m.courseVideoNames.length)}讲。${info}${info && !/[。！？.!?]$/.test(info) ? '。' : ''}${episodes}`;
}

function videoAbstract(m: ContentMaterial, ranked: { text: string; timePoint: number }[]): string {
  const abstract = m.videoAbstract.trim();
  const extra = ranked.filter((s) => !overlaps(abstract, s.text.trim()));
  const wanted = abstract ? ([...abstract].length < 120 ? 1 : 0) : 2;
  const chosen = extra.slice(0, wanted).sort((a, b) => a.timePoint - b.timePoint);
  const text = [abstract, ...chosen.map((s) => s.text.trim())].filter(Boolean).join('');
  return clip(text || m.videoName, MAX_ABSTRACT_LENGTH);
}

function keyPoints(m: ContentMaterial, ranked: { text: string; timePoint: number }[]): WrittenContent['keyPoints'] {
  const points = m.keyframes.map((k) => {
    const label = k.keyPoints.trim();
    const description = k.description.trim();
    return {
      timePoint: k.timePoint,
      description: clip(
        !label || description.startsWith(label) ? description || label : `${label}：${description}`,
        MAX_POINT_LENGTH,
      ),
    };
  });
  const seconds = new Set(points.map((p) => p.timePoint));
  for (const sentence of ranked) {
    if (points.length >= MAX_KEY_POINTS) break;
    const text = sentence.text.trim();
    if (seconds.has(sentence.timePoint) || points.some((p) => overlaps(p.description, text))) continue;
    points.push({ timePoint: sentence.timePoint, description: clip(text, MAX_POINT_LENGTH) });
    seconds.add(sentence.timePoint);
  }
  return points.sort((a, b) => a.timePoint - b.timePoint);
}

/**
 * 3–6 questions a learner may ask, each naming a concept the material says, so the answer is in
 * the video: what the main concept is, how it relates to the second one, then what the lecture's
 * own sections (案例分析, 常见误区, 现实意义, 问题导入) cover, then the other concepts.
 */
function suggestedQuestions(m: ContentMaterial, body: string): string[] {
  const concepts = m.keywords.filter((k) => body.includes(k));
  const questions: string[] = [];
  const ask = (q: string) => {
    if (questions.length < MAX_QUESTIONS && !questions.includes(q)) questions.push(q);
  };
  const main = concepts[0];
  if (main) {
    const labels = new Set(m.keyframes.map((k) => k.keyPoints.trim()).filter((l) => SECTION_LABELS.has(l)));
    const related = concepts
      .slice(1)
      .find((c) => m.keyframes.some((k) => k.keyPoints.includes(main) && k.keyPoints.includes(c)));
    ask(`什么是${quoted(main)}？`);
    if (related) ask(`${quoted(main)}与${quoted(related)}有什么联系和区别？`);
    if (labels.has('案例分析')) ask(`${quoted(main)}在现实中有哪些体现？`);
    if (labels.has('常见误区')) ask(`理解${quoted(main)}时有哪些常见误区？`);
    if (labels.has('现实意义')) ask(`${quoted(main)}对今天有什么现实意义？`);
    if (labels.has('问题导入')) ask(`本讲从什么问题引出${quoted(main)}？`);
    for (const concept of concepts.slice(1)) {
      if (questions.length >= 4 && concept !== related) ask(`本讲如何理解${quoted(concept)}？`);
      else if (concept !== related) ask(`${quoted(concept)}在本讲中指什么？`);
    }
    if (questions.length < MIN_QUESTIONS) ask(`本讲关于${quoted(main)}讲了哪些要点？`);
    if (questions.length < MIN_QUESTIONS) ask(`为什么说${quoted(main)}很重要？`);
  } else {
    const name = quoted(m.videoName.trim());
    ask(`${name}这一讲主要讲了什么？`);
    ask(`${name}的要点有哪些？`);
    ask(`怎样理解${name}的内容？`);
  }
  return questions;
}

export function writeExtractive(m: ContentMaterial): WrittenContent {
  const body = [
    m.videoName,
    m.videoAbstract,
    ...m.keyframes.map((k) => `${k.keyPoints}。${k.description}`),
    ...m.transcript.map((p) => p.text),
  ].join('\n');
  const ranked = m.transcript
    .map((p, order) => ({ ...p, order, score: tellingScore(p.text, m.keywords) }))
    .filter((p) => p.score >= 1)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return {
    courseOverview: courseOverview(m),
    videoAbstract: videoAbstract(m, ranked),
    keyPoints: keyPoints(m, ranked),
    guessYouAsk: suggestedQuestions(m, body),
  };
}

export function createExtractiveWriter(): ContentWriter & AttributedWriter {
  return {
    name: 'retrieval',
    writeContent: async (material) => writeExtractive(material),
    write: async (material) => ({ content: writeExtractive(material), provider: 'retrieval' }),
  };
}
