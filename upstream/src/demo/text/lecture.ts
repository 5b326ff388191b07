/**
 * Sentence templates for episodes: names, subtitles, abstracts, keyframes and transcripts.
 * Each template only frames the hand-written concept glosses and classroom examples; the glosses
 * carry the distinctive terms, so a transcript is specific to its episode's concept (search inside
 * lectures and the AI answers later rely on that).
 */

export interface EpisodeVars {
  course: string;
  leaf: string;
  /** 1-based episode number */
  n: number;
  term: string;
  gloss: string;
  /** a related concept of the same leaf */
  rel: string;
  relGloss: string;
  /** next episode's concept, absent for the last episode */
  next: string | null;
  /** the leaf's scene (text/scenes.ts) */
  example: string;
}

type T = (v: EpisodeVars) => string;

export const CN_NUMBERS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export function cnNumber(n: number): string {
  return CN_NUMBERS[n] ?? String(n);
}

export const EPISODE_NAMES: readonly T[] = [
  (v) => v.term,
  (v) => v.term,
  (v) => v.term,
  (v) => `如何理解${v.term}`,
  (v) => `走近${v.term}`,
  (v) => `${v.term}专题`,
  (v) => `从${v.rel}到${v.term}`,
  (v) => `再谈${v.term}`,
];

export const ANGLES: readonly string[] = [
  '理论溯源与现实观照',
  '从概念到方法',
  '经典文本细读',
  '问题导向的专题研讨',
  '案例中的理论',
  '关键概念辨析',
  '历史脉络梳理',
  '重点难点解析',
  '知识要点与拓展阅读',
  '名家观点比较',
  '方法与实践',
  '课堂实录',
];

export const ABSTRACT_TAILS: readonly string[] = [
  '帮助学习者把握其理论逻辑和实践意义。',
  '梳理了相关的历史脉络和学术争论。',
  '通过具体案例说明其现实意义。',
  '澄清了几个常见的理解误区。',
  '为课后延伸阅读提供了线索。',
];

export const OPENINGS: readonly T[] = [
  (v) => `各位同学好，欢迎来到《${v.course}》第${cnNumber(v.n)}讲，今天我们集中讨论${v.term}。`,
  (v) =>
    v.n > 1 ? `上一讲结尾留下了一个问题，这一讲我们就从${v.term}说起。` : `这是本课程的第一讲，我们从${v.term}说起。`,
  (v) => `今天这一讲的关键词只有一个，就是${v.term}。`,
  (v) => `我们先不急着下定义，先看看${v.term}这个问题是怎么提出来的。`,
  (v) => `这一讲的主题是${v.term}，它在${v.leaf}的知识体系里占有基础性的位置。`,
  (v) => `很多同学学习${v.leaf}时容易把${v.term}理解偏了，今天我们把它讲透。`,
  (v) => `同学们好，今天我们换一个角度，从${v.term}切入来看${v.leaf}。`,
];

export const DEFINITIONS: readonly T[] = [
  (v) => `${v.term}${v.gloss}。`,
  (v) => `按照通行的表述，${v.term}${v.gloss}。`,
  (v) => `先把基本含义说清楚：${v.term}${v.gloss}。`,
  (v) => `用一句话来概括，${v.term}${v.gloss}。`,
  (v) => `请大家把这句话记下来：${v.term}${v.gloss}。`,
];

export const ELABORATIONS: readonly T[] = [
  (v) => `理解${v.term}，要把握三个层次：它从哪里来，它讲了什么，它对今天意味着什么。`,
  (v) => `有的同学把${v.term}当成需要死记硬背的条文，这其实是一种误解，它背后有一整套问题意识。`,
  (v) => `从历史维度看，${v.term}的提出有其深刻的时代背景，离开了那个背景就很难真正读懂它。`,
  (v) => `从实践维度看，${v.term}不是书斋里的概念，它要回答的是现实中的真问题。`,
  (v) => `学界围绕${v.term}有过不少讨论，分歧主要集中在它的适用范围和边界上。`,
  (v) => `我们不妨把${v.term}拆成几个关键词，逐一加以分析。`,
  (v) => `请注意，关于${v.term}的表述里每一个限定语都有分量，去掉任何一个，意思就变了。`,
  (v) => `教材对${v.term}的表述很凝练，我们要把它展开，读出里面的层次。`,
  (v) => `常有同学问：${v.term}到底有什么用？我的回答是，它给了我们一把分析问题的钥匙。`,
  (v) => `在讨论中准确使用${v.term}，一定要先说清楚它成立的前提条件。`,
  (v) => `把${v.term}和日常经验对照起来看，很多抽象的说法就变得具体可感了。`,
  (v) => `这里有一个常见误区：把${v.term}简单化、标签化，只记结论而不问来由。`,
  (v) => `在${v.leaf}的课堂上，${v.term}几乎是一个绕不开的话题。`,
];

export const RELATIONS: readonly T[] = [
  (v) => `要理解${v.term}，离不开与之密切相关的${v.rel}。`,
  (v) => `${v.term}和${v.rel}经常被放在一起讨论，二者既有联系，又有区别。`,
  (v) => `把${v.term}放到${v.rel}的背景下看，很多问题就清楚了。`,
  (v) => `${v.rel}和今天讲的${v.term}其实是一脉相承的。`,
];

export const REL_DEFINITIONS: readonly T[] = [
  (v) => `这里简单回顾一下：${v.rel}${v.relGloss}。`,
  (v) => `我们知道，${v.rel}${v.relGloss}。`,
  (v) => `${v.rel}${v.relGloss}。`,
];

export const EXAMPLE_INTROS: readonly T[] = [
  (v) => `举个例子。${v.example}`,
  (v) => `我讲一个例子。${v.example}`,
  (v) => v.example,
];

export const EXAMPLE_LINKS: readonly T[] = [
  (v) => `这个例子说明，${v.leaf}里讲的道理并不遥远，它就在我们身边。`,
  (v) => `带着这个例子，我们再回头看${v.term}，体会会更深一些。`,
  (v) => `请大家想一想，这个例子和今天讲的${v.term}之间有什么联系。`,
];

export const QUESTIONS: readonly T[] = [
  (v) => `请大家思考一下：如果离开了${v.term}，我们还能不能把${v.rel}讲清楚？`,
  (v) => `课后请结合自己的专业写一段三百字左右的短文，谈谈你对${v.term}的理解。`,
  (v) => `大家可以在讨论区分享：你在生活中遇到过哪些和${v.term}有关的现象？`,
];

export const CLOSINGS: readonly T[] = [
  (v) => (v.next ? `好，关于${v.term}我们就讲到这里，下一讲我们讨论${v.next}。` : `好，关于${v.term}我们就讲到这里。`),
  () => '这一讲的内容就到这里，请大家课后阅读相关文献，我们下一讲再见。',
  (v) => `最后小结一下，今天的关键词是${v.term}，希望大家记住它的基本含义和现实意义。`,
  (v) => `下课之前，请大家再回顾一遍${v.term}的基本含义，我们下一讲继续。`,
];

/** keyframe candidates in lecture order; the one at index 1 (the definition) is always kept */
export const KEYFRAMES: readonly { label: T; description: T }[] = [
  { label: () => '问题导入', description: (v) => `从${v.leaf}中的一个现实问题入手，引出本讲主题${v.term}。` },
  { label: (v) => v.term, description: (v) => `${v.term}${v.gloss}。` },
  { label: (v) => `${v.term}与${v.rel}`, description: (v) => `辨析${v.term}与${v.rel}之间的联系和区别。` },
  { label: () => '案例分析', description: (v) => `结合具体案例说明${v.term}在现实中的体现。` },
  { label: () => '常见误区', description: (v) => `澄清对${v.term}的几种常见误解，强调把握其前提条件。` },
  { label: () => '现实意义', description: (v) => `讨论${v.term}对今天的学习和实践有什么启发。` },
  {
    label: () => '本讲小结',
    description: (v) => (v.next ? `回顾本讲要点，并预告下一讲的主题${v.next}。` : '回顾本讲要点，布置课后思考题。'),
  },
];

/** the closing episode of a course that has more episodes than its leaf has concepts */
export const SUMMARY = {
  name: '课程总结与展望',
  angle: '回顾与展望',
  abstract: (course: string, terms: string) =>
    `作为《${course}》的最后一讲，本讲串联回顾了${terms}等核心内容，并就进一步学习给出了阅读和实践建议。`,
  opening: (course: string) => `这是《${course}》的最后一讲，我们一起回顾整门课程的脉络。`,
  recap: (terms: string) => `前面几讲我们依次讨论了${terms}。`,
  whole: (leaf: string) => `把这些内容串起来看，${leaf}并不是零散知识点的堆积，而是一个相互支撑的整体。`,
  advice: '希望大家在课程结束后继续阅读原著和最新研究，把课堂上的问题带到更广阔的实践中去。',
  farewell: '感谢大家一路的陪伴，我们在下一门课程里再见。',
};

export const COURSE_OPENERS: readonly ((leaf: string, terms: readonly string[], count: number) => string)[] = [
  (leaf, t) => `本课程围绕${leaf}中的${listTerms(t)}等核心问题展开。`,
  (_leaf, t, count) => `课程共${cnNumber(count)}讲，依次讲授${listTerms(t)}等内容。`,
  (_leaf, t) => `这门课从${t[0]}讲起，逐步深入到${listTerms(t.slice(1))}。`,
  (leaf, t) => `课程以${t[0]}为起点，系统梳理${leaf}的基本问题，重点讲解${listTerms(t.slice(1))}。`,
];

export const COURSE_AUDIENCES: readonly string[] = [
  '适合高校学生、教师以及图书馆读者系统学习。',
  '课程可作为相关专业的入门课，也可供复习备考参考。',
  '每讲时长适中，便于利用碎片时间学习。',
  '欢迎在学习过程中记录笔记、参与讨论。',
];

/** "A、B和C" (at most `max` terms) */
export function listTerms(terms: readonly string[], max = 3): string {
  const shown = terms.slice(0, max);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join('、')}和${shown[shown.length - 1]}`;
}
