/**
 * Key concepts of a video: what its lecture is about, most telling first. Whole terms come
 * first, because a concept is often several words (物质的唯一特性, 《共产党宣言》) that TF-IDF
 * would cut apart: the video's name without its framing (如何理解…, 走近…, 第一讲), keyframe labels
 * that are not section headings (问题导入, 本讲小结), the other half of a label "A与B" whose A is a
 * concept, and titles in 《》. Then jieba's TF-IDF words of the material (NOTES.md), without
 * classroom words (同学, 小结, 思考题) and without words that are only a piece of a term above.
 */
import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict';
import type { ContentMaterial } from '../provider';

export const MAX_KEY_CONCEPTS = 8;

/** Section headings of a lecture, not concepts; content writers also ask about some of them. */
export const SECTION_LABELS = new Set([
  '问题导入',
  '案例分析',
  '常见误区',
  '现实意义',
  '本讲小结',
  '课程脉络回顾',
  '学习方法建议',
  '课程导入',
  '导入',
  '引言',
  '小结',
  '总结',
  '结语',
  '课堂小结',
  '课后思考',
  '思考题',
  '回顾',
  '延伸阅读',
  '课程总结',
  '开场',
]);

/** words every lecture says (TF-IDF ranks them high in short transcripts) */
const CLASSROOM_WORDS = new Set([
  '同学',
  '同学们',
  '大家',
  '各位',
  '老师',
  '讲者',
  '学习者',
  '本讲',
  '一讲',
  '这一讲',
  '上一讲',
  '下一讲',
  '课程',
  '课堂',
  '课后',
  '小结',
  '思考题',
  '思考',
  '关键词',
  '主题',
  '问题',
  '含义',
  '基本含义',
  '下定义',
  '记下来',
  '辨析',
  '误区',
  '案例',
  '例子',
  '现实意义',
  '意义',
  '理解',
  '内容',
  '今天',
  '这里',
  '时候',
  '方面',
  '层次',
  '角度',
  '要点',
  '讨论区',
  '文献',
  '短文',
  '专业',
  '现象',
  '生活',
  '体会',
  '说法',
  '条文',
  '书斋',
  '钥匙',
  '前提条件',
  '背景',
  '话题',
  '过程',
  '一句',
  '一句话',
  '关键',
  '基础',
  '作用',
  '东西',
  '事情',
  '方法',
  '启发',
  '实际',
  '具体',
  '通行',
  '表述',
  '教材',
  // the framing of lecture sentences and abstracts, not their subject
  '专题',
  '分量',
  '线索',
  '学术争论',
  '争论',
  '学界',
  '分歧',
  '历史脉络',
  '脉络',
  '一脉相承',
  '现实',
  '理论',
  '维度',
  '限定语',
  '误解',
  '来由',
  '结论',
  '适用范围',
  '边界',
  '前提',
  '问题意识',
  '时代背景',
  '理论逻辑',
  '实践意义',
  '世界',
  '联系',
  '区别',
  '常见',
  '讲者',
  '阅读',
  '延伸阅读',
  '知识体系',
  '位置',
  '关键概念',
  '概念',
  '本课程',
  '最后',
  '认真',
  '认真思考',
  '学习',
  '下课',
  '开始',
  '讲清楚',
  '加以分析',
  '在生活中',
  '结尾',
  '死记硬背',
  '标签',
  '基础性',
  '原著',
  '谈谈',
  '密切相关',
  '基本',
  '分析',
  '标准',
  '特征',
  '形式',
  '目标',
  '运用',
  '利用',
  '时期',
  '局面',
  '对方',
  '观点',
  '对象',
  '全面',
  '想一想',
  '布置',
]);

const NOUN_TAGS = ['n', 'nz', 'vn', 'nr', 'ns', 'nt', 'nrt', 'l', 'i', 'an', 'eng'];

let analysis: { jieba: Jieba; tfidf: TfIdf } | undefined;

/** jieba and its IDF table load in ~0.3 s: once per process, on first use */
function tools(): { jieba: Jieba; tfidf: TfIdf } {
  analysis ??= { jieba: Jieba.withDict(dict), tfidf: TfIdf.withDict(idf) };
  return analysis;
}

const HAN = /\p{Script=Han}/u;
const hanCount = (text: string) => [...text].filter((c) => HAN.test(c)).length;

/** the video's name without the framing around its subject */
export function nameTerms(videoName: string): string[] {
  let name = videoName
    .trim()
    .replace(/^第[0-9一二三四五六七八九十百]+[讲课章节集][\s:：、·]*/, '')
    .replace(/[（(][^）)]*[）)]$/, '')
    .trim();
  const colon = name.search(/[:：]/);
  if (colon > 0) name = name.slice(colon + 1).trim();
  const from = /^从(.+?)到(.+)$/.exec(name);
  if (from) return [from[2]!, from[1]!];
  const framed =
    /^(?:如何理解|怎样理解|走近|再谈|漫谈|浅谈|论)(.+)$/.exec(name) ?? /^(.+?)(?:专题|概论|导论|精讲|初探)$/.exec(name);
  return [framed ? framed[1]! : name];
}

/** two characters or more with at least one Han character (PN结 is a concept, 要点1 is not) */
const isConceptLike = (term: string) =>
  hanCount(term) >= 1 &&
  [...term].length >= 2 &&
  [...term].length <= 20 &&
  !/[0-9０-９]/.test(term) &&
  !SECTION_LABELS.has(term);

/** the text the concepts must come from (a concept is only one if the material says it) */
export function materialText(m: Omit<ContentMaterial, 'keywords'>): string {
  return [
    m.videoName,
    m.videoAbstract,
    ...m.keyframes.map((k) => `${k.keyPoints}。${k.description}`),
    ...m.transcript.map((p) => p.text),
  ].join('\n');
}

export function keyConcepts(m: Omit<ContentMaterial, 'keywords'>, max = MAX_KEY_CONCEPTS): string[] {
  const body = [m.videoAbstract, ...m.keyframes.map((k) => k.description), ...m.transcript.map((p) => p.text)].join(
    '\n',
  );
  const terms: string[] = [];
  const add = (term: string) => {
    const t = term.trim();
    if (isConceptLike(t) && !terms.includes(t)) terms.push(t);
  };

  for (const term of nameTerms(m.videoName)) if (body.includes(term)) add(term);
  for (const { keyPoints } of m.keyframes) {
    const label = keyPoints.trim();
    const pair = terms.map((t) => (label.startsWith(`${t}与`) ? label.slice(t.length + 1) : null)).find((r) => r);
    if (pair) {
      if (body.includes(pair)) add(pair);
    } else if (!label.includes('与') || body.includes(label)) {
      add(label);
    }
  }
  // titles of works (《共产党宣言》), but not the course's own name said in a greeting
  for (const [title] of body.matchAll(/《[^》]{1,20}》/g))
    if (title !== `《${m.courseName.replace(/^《(.*)》$/, '$1')}》`) add(title);

  const { jieba, tfidf } = tools();
  const words = tfidf.extractKeywords(jieba, materialText(m), 24, NOUN_TAGS);
  for (const { keyword } of words) {
    if (terms.length >= max) break;
    if (CLASSROOM_WORDS.has(keyword) || hanCount(keyword) < 2) continue;
    // a piece of a whole term is not a concept of its own (唯一 of 物质的唯一特性)
    if (terms.some((t) => t.includes(keyword))) continue;
    add(keyword);
  }
  return terms.slice(0, max);
}
