/**
 * The fixture content (fixture.ts) with lectures that teach something: every video's transcript
 * opens, names its concept, defines it in a sentence of its own, gives an example and closes, as a
 * real lecture does, so that the AI's answers have something to quote and its refusals something
 * to refuse. Course and video names, ids, keyframe times and dates are the fixture's.
 *
 * Course 1 and course 10 both teach 否定之否定规律 (the same definition in two lectures); course 7
 * teaches 仁 and 兼爱; nothing teaches 量子.
 */
import type { DemoContent } from '../../upstream/src/demo/types';
import { fixtureContent, timed } from './fixture';

/** [concept, the rest of its definition sentence] by video id */
const CONCEPTS: Record<number, [string, string]> = {
  11: ['对立统一规律', '是唯物辩证法的基本规律之一，揭示了事物发展的源泉和动力在于矛盾'],
  12: ['质量互变规律', '是唯物辩证法的基本规律之一，说明量变积累到一定程度必然引起质变'],
  13: ['否定之否定规律', '是唯物辩证法的基本规律之一，揭示了事物发展是前进性与曲折性的统一'],
  21: ['矛盾的普遍性', '指矛盾存在于一切事物的发展过程之中，事事有矛盾，时时有矛盾'],
  22: ['矛盾的特殊性', '指不同事物的矛盾各有其特点，要求具体问题具体分析'],
  31: ['社会存在', '指社会物质生活条件的总和，主要是物质资料的生产方式'],
  32: ['社会意识', '是社会生活的精神方面，是社会存在的反映'],
  33: ['社会意识的相对独立性', '表现为社会意识与社会存在发展的不完全同步性'],
  34: ['先进的社会意识', '能够预见社会发展的方向，对社会发展起积极的推动作用'],
  41: ['农村包围城市', '是中国新民主主义革命走出的一条武装夺取政权的正确道路'],
  42: ['新民主主义革命的三大法宝', '是统一战线、武装斗争和党的建设'],
  51: ['社会公德', '是社会生活中最起码、最普通的行为准则'],
  71: ['仁', '是孔子思想的核心，强调人与人之间的亲爱与尊重'],
  72: ['兼爱', '是墨子的核心主张，要求不分亲疏远近地爱一切人'],
  73: ['道法自然', '出自《老子》，主张效法自然、无为而治'],
  81: ['理念论', '是柏拉图的核心学说，认为可感事物只是理念的摹本'],
  82: ['洞穴比喻', '出自柏拉图的《理想国》，囚徒走出洞穴象征灵魂从意见上升到真理'],
  91: ['剩余价值', '是雇佣工人创造的、被资本家无偿占有的超过劳动力价值的价值'],
  92: ['商品二重性', '指商品是使用价值和价值的统一体'],
  101: ['否定之否定规律', '是唯物辩证法的基本规律之一，揭示了事物发展是前进性与曲折性的统一'],
};

export function lectureContent(): DemoContent {
  const content = fixtureContent();
  for (const video of content.videos) {
    const concept = CONCEPTS[video.id];
    if (!concept) continue;
    const [term, rest] = concept;
    video.transcript = timed(
      [
        '同学们好，欢迎来到这一讲。',
        `今天我们讨论${term}。`,
        `${term}${rest}。`,
        `我们可以结合身边的例子来体会${term}。`,
        '下课。',
      ],
      video.durationSeconds,
    );
    video.abstract = `本讲围绕${term}展开。${term}${rest}。`;
    video.keyframes = video.keyframes.map((k, i) =>
      i === 1 ? { ...k, keyPoints: term, description: `${term}${rest}。` } : k,
    );
  }
  return content;
}
