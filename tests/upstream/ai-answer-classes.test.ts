/**
 * Failure classes of the answers' reading, pinned on the pure parts: a filler frame said of a term
 * written with quotes, a slash or a noun joined to it (把“放管服”改革简单化…, 把栈与队列简单化…)
 * must share the skeleton of the same frame said of a plain term, so that it is boilerplate and
 * never quoted; two things set side by side without a word of comparison (一个看结果，另一个看什么,
 * 前者…后者…) are a comparison with a side each; a variant transliteration that jieba cuts into a
 * name no lecture writes and one it does (迪克|斯特拉 for 迪杰斯特拉) is not a stranger.
 */
import { describe, expect, it } from 'vitest';
import { skeletonOf } from '../../upstream/src/ai/knowledge/corpus-terms';
import { planQuestion } from '../../upstream/src/ai/knowledge/question-plan';
import { strangerOf } from '../../upstream/src/ai/knowledge/retrieval';
import { addUserWords, isUserWord } from '../../upstream/src/search/analyzer';

describe('filler frames said of any term', () => {
  // the platform's terms are the segmenter's user words, as when a course is indexed
  addUserWords([
    '资本循环',
    '周转',
    '放管服',
    '队列',
    '政策评估',
    '实践',
    '三次握手',
    '人类命运共同体',
    '一带一路',
    '常见误区',
  ]);
  const isTerm = isUserWord;
  const frame = (term: string) =>
    skeletonOf(`这里有一个常见误区：把${term}简单化、标签化，只记结论而不问来由。`, isTerm);

  it('masks a term written with quotes, a slash or a noun joined to it as one slot', () => {
    const plain = frame('资本循环与周转');
    expect(frame('“放管服”改革')).toBe(plain);
    expect(frame('栈与队列')).toBe(plain);
    expect(frame('TCP/IP协议栈')).toBe(plain);
    const related = (a: string, b: string) => skeletonOf(`要理解${a}，离不开与之密切相关的${b}。`, isTerm);
    expect(related('政策评估', '“放管服”改革')).toBe(related('政策评估', '实践'));
    expect(related('三次握手', 'TCP/IP协议栈')).toBe(related('政策评估', '实践'));
    expect(related('人类命运共同体', '“一带一路”倡议')).toBe(related('政策评估', '实践'));
  });

  it('keeps the words that tell sentences apart', () => {
    expect(frame('资本循环')).not.toBe(skeletonOf('资本循环是资本依次经过三个阶段的运动。', isTerm));
    expect(skeletonOf('队列是一种线性表。', isTerm)).not.toBe(skeletonOf('队列是一种数据结构。', isTerm));
  });
});

describe('two things set side by side', () => {
  it('reads 一个…另一个… as a comparison, a side for each thing', () => {
    const plan = planQuestion('功利主义和康德的绝对命令，一个看结果，另一个看什么');
    expect(plan.parts).toBe(2);
    expect(plan.terms.find((t) => t.text === '功利主义')?.part).toBe(0);
    expect(plan.terms.find((t) => t.text === '绝对命令')?.part).toBe(1);
  });

  it('splits the sides at 后者 when nothing else joins them', () => {
    const plan = planQuestion('伦理学有两派，前者叫功利主义，后者叫义务论');
    expect(plan.parts).toBe(2);
    expect(plan.terms.find((t) => t.text === '功利主义')?.part).toBe(0);
    expect(plan.terms.find((t) => t.text === '义务论')?.part).toBe(1);
  });

  it('leaves a question about one thing alone', () => {
    expect(planQuestion('功利主义是看结果的吗').parts).toBe(1);
    expect(planQuestion('马克思和恩格斯合写了哪本书').parts).toBe(1);
  });
});

describe('words that point or hedge', () => {
  it('drops the words that point at what was just said or hedge, not what the question is about', () => {
    const texts = (question: string) => planQuestion(question).terms.map((t) => t.text);
    expect(texts('我在网上被人骗了钱，这种犯罪有专门的法律管吗')).not.toContain('这种');
    expect(texts('用的人越多就越值钱，这是什么原理')).not.toContain('这是');
    expect(texts('左手和右手怎么也叠不到一起，化学里有类似的概念吗')).toEqual(
      expect.not.arrayContaining(['不到', '一起']),
    );
    expect(texts('左手和右手怎么也叠不到一起，化学里有类似的概念吗')).toContain('化学');
    // 解释 stays a word of content (法律解释)
    expect(texts('法官解释法律条文的时候一般有哪些方法')).toContain('解释');
  });
});

describe('people no lecture names', () => {
  const term = (text: string, idf: number) => ({ text, forms: [text], part: 0, idf, person: true });

  it('does not take a piece of a name the lectures write otherwise for a stranger', () => {
    const looked = [term('迪克', 0), term('斯特拉', 6), { text: '算法', forms: ['算法'], part: 0, idf: 3 }];
    expect(strangerOf(looked, 0, '迪克斯特拉算法对图有什么要求')).toBeUndefined();
  });

  it('still refuses to answer for a person no lecture names', () => {
    expect(
      strangerOf([term('周杰伦', 0), { text: '歌曲', forms: ['歌曲'], part: 0, idf: 4 }], 0, '周杰伦的歌曲有什么特点')
        ?.text,
    ).toBe('周杰伦');
    // two people side by side are two people
    expect(strangerOf([term('迪克', 0), term('斯特拉', 6)], 0, '迪克和斯特拉是什么关系')?.text).toBe('迪克');
  });
});
