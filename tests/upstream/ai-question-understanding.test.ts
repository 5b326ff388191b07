/**
 * The failure classes of AI retrieval, each pinned on its own: chatty and filler words that
 * became keywords, aliases of people and works, comparisons that lost a side, unseen words that
 * counted against a question, ordinary words that made an off-corpus question look answerable,
 * filler and repeated sentences quoted, citations at a keyframe's or an abstract's second instead
 * of where the lecture says it. The knowledge base runs on a real store over the lecture fixture
 * (ai-lecture-fixture.ts); the pure parts are tested directly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasesInText } from '../../upstream/src/ai/knowledge/corpus-terms';
import { addAliases, planQuestion } from '../../upstream/src/ai/knowledge/question-plan';
import { addUserWords } from '../../upstream/src/search/analyzer';
import { decide, nearDuplicate, scoreChunk, type DecisionInput } from '../../upstream/src/ai/knowledge/ranking';
import { statement } from '../../upstream/src/ai/providers/retrieval';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { lectureContent } from './ai-lecture-fixture';

describe('reading a question', () => {
  it('drops the words of asking, of the classroom and of chat', () => {
    const plan = planQuestion('老师今天课上提到的剩余价值到底是啥意思啊，考试要考吗');
    expect(plan.terms.map((t) => t.text)).toEqual(['剩余价值']);
    expect(plan.dropped).toEqual(expect.arrayContaining(['老师', '今天', '到底', '考试']));
  });

  it('keeps a book title whole and looks a name up under its aliases', () => {
    const plan = planQuestion('李耳在《道德经》里讲了什么');
    const byText = new Map(plan.terms.map((t) => [t.text, t.forms]));
    expect(byText.get('李耳')).toEqual(expect.arrayContaining(['老子', '老聃']));
    expect(byText.get('道德经')).toEqual(expect.arrayContaining(['老子']));
  });

  it('learns the other names the lectures give their terms (简称, 俗称, 被誉为) and looks them up too', () => {
    addUserWords(['行政诉讼', '昆曲']);
    const found = [
      ...aliasesInText('按照通行的表述，行政诉讼俗称“民告官”，它的通过是法治进程的重要标志。'),
      ...aliasesInText('昆曲是现存最古老的剧种之一，被誉为“百戏之祖”。'),
      ...aliasesInText('它被称为好东西。'),
    ];
    expect(found).toEqual([
      ['行政诉讼', '民告官'],
      ['昆曲', '百戏之祖'],
    ]);
    addAliases(found);
    const plan = planQuestion('民告官到底是什么');
    expect(plan.terms[0]).toMatchObject({ text: '民告官', forms: expect.arrayContaining(['行政诉讼']) });
  });

  it('splits a comparison into sides, each with its own terms', () => {
    const plan = planQuestion('社会存在和社会意识有什么区别？');
    expect(plan.parts).toBe(2);
    expect(plan.terms.map((t) => [t.text, t.part])).toEqual([
      ['社会存在', 0],
      ['社会意识', 1],
    ]);
    // 和 inside a sentence that compares nothing is just a word
    expect(planQuestion('马克思和恩格斯合写了哪本书').parts).toBe(1);
  });
});

describe('judging and quoting', () => {
  const signals = (over: Partial<DecisionInput>): DecisionInput => ({
    coverage: 1,
    said: 6,
    total: 6,
    echo: 1,
    saidTerms: 1,
    topic: false,
    telling: true,
    properName: false,
    definesTerm: false,
    ...over,
  });

  it('answers from a sentence that says what a lecture is about, or several of the terms together', () => {
    expect(decide(signals({ topic: true })).answerable).toBe(true);
    expect(decide(signals({ saidTerms: 3, coverage: 0.5 })).answerable).toBe(true);
    expect(decide(signals({ properName: true, coverage: 0.7, echo: 1 })).answerable).toBe(true);
  });

  it('does not answer from one ordinary word said in passing, nor from too little of the question', () => {
    expect(decide(signals({})).answerable).toBe(false);
    expect(decide(signals({ saidTerms: 2, coverage: 0.2 })).answerable).toBe(false);
    expect(decide(signals({ topic: true, coverage: 0.1 })).answerable).toBe(false);
    // a proper name in an aside its lecture is not about
    expect(decide(signals({ properName: true, coverage: 0.7, echo: 0 })).answerable).toBe(false);
    expect(decide(signals({ total: 0, said: 0, coverage: 0 })).answerable).toBe(false);
  });

  it('answers from a sentence stating what the term of the question is, when that term is most of the question', () => {
    expect(decide(signals({ definesTerm: true, coverage: 0.6 })).answerable).toBe(true);
    expect(decide(signals({ definesTerm: true, coverage: 0.3 })).answerable).toBe(false);
  });

  it('sees a definition where the term opens the clause, not where it ends a longer subject or sits in a title', () => {
    const defined = (text: string, term: string): string[] =>
      scoreChunk({ kind: 'transcript', text, marks: [[0, 0]], videoName: '', courseName: '', boilerplate: new Set() }, [
        { text: term, forms: [term], part: 0, idf: 5 },
      ])?.defined ?? [];
    expect(defined('按照通行的表述，意境是中国古典美学的核心范畴。', '意境')).toEqual(['意境']);
    expect(defined('转基因作物是利用基因工程技术获得新性状的作物。', '转基因')).toEqual(['转基因']);
    expect(defined('社会主义本质是解放生产力，发展生产力。', '本质')).toEqual([]);
    expect(defined('《黄河大合唱》是冼星海创作的大型合唱作品。', '黄河')).toEqual([]);
    expect(defined('弃耕农田逐渐演变为森林就是一例。', '森林')).toEqual([]);
  });

  it('sees the name of a person in a question, not a phrase the dictionary happens to tag as one', () => {
    expect(planQuestion('弗洛伊德说的本我是什么').terms.find((t) => t.text === '弗洛伊德')?.person).toBe(true);
    expect(planQuestion('那本书讲了什么').terms.some((t) => t.person)).toBe(false);
  });

  it('sees the same sentence under another lead-in as a repeat', () => {
    expect(nearDuplicate('请大家把这句话记下来：兼爱是墨子的核心主张。', '兼爱是墨子的核心主张。')).toBe(true);
    expect(nearDuplicate('兼爱是墨子的核心主张。', '性恶论是荀子的人性论。')).toBe(false);
  });

  it('states a quote without its classroom lead-in', () => {
    expect(statement('按照通行的表述，剩余价值是被资本家无偿占有的价值。', ['剩余价值'])).toBe(
      '剩余价值是被资本家无偿占有的价值',
    );
    expect(statement('请大家把这句话记下来：兼爱是墨子的核心主张。', ['兼爱'])).toBe('兼爱是墨子的核心主张');
    // a lead-in that names the term is part of the statement
    expect(statement('说到兼爱，墨子要求不分亲疏地爱一切人。', ['兼爱'])).toBe('说到兼爱，墨子要求不分亲疏地爱一切人');
  });
});

describe('retrieval over the lectures', () => {
  let dataDir: string;
  let store: MainApiData;
  const content = lectureContent();
  /** the second the video's transcript says `words` */
  const spokenAt = (videoId: number, words: string): number => {
    const passage = content.videos.find((v) => v.id === videoId)!.transcript.find((p) => p.text.includes(words))!;
    return Math.floor(passage.startMs / 1000);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-questions-'));
    store = openMainApiData(dataDir);
    await seedDemoContent(store, content, store.mediaDir);
    await store.knowledge.catchUp(60_000);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a question named only by its description and in chatty words the lectures never use', async () => {
    const result = await store.knowledge.retrieve({
      question: '室友老跟我杠，说资本家无偿占有工人创造的那部分价值叫啥来着',
    });
    expect(result.passages[0]?.videoId).toBe(91);
    // words no lecture uses count neither for nor against
    expect(result.analysis.unseen.length).toBeGreaterThan(0);
  });

  it('finds a person under another name', async () => {
    const result = await store.knowledge.retrieve({ question: '墨翟主张什么' });
    expect(result.passages[0]?.videoId).toBe(72);
    expect(result.analysis.aliases).toEqual(expect.arrayContaining([['墨翟', expect.arrayContaining(['墨子'])]]));
  });

  it('answers each side of a comparison from its own lectures', async () => {
    const result = await store.knowledge.retrieve({ question: '社会存在和社会意识有什么不同' });
    expect(result.passages.slice(0, 2).map((p) => [p.videoId, p.part])).toEqual([
      [31, 0],
      [32, 1],
    ]);
  });

  it('refuses a question whose only in-corpus word is said in passing', async () => {
    for (const question of ['周末去爬山要带什么装备', '手机屏幕碎了怎么修']) {
      const result = await store.knowledge.retrieve({ question });
      expect(result.passages, question).toEqual([]);
    }
  });

  it('refuses a question about a person no lecture names, though its other words are the topic of a lecture', async () => {
    const about = await store.knowledge.retrieve({ question: '社会意识是什么' });
    expect(about.passages.length).toBeGreaterThan(0);
    const result = await store.knowledge.retrieve({ question: '弗洛伊德说的社会意识是什么' });
    expect(result.passages).toEqual([]);
    expect(result.analysis.decisions.join('')).toContain('弗洛伊德');
  });

  it('cites the second where the lecture says it, never a summary at 0 s, and never quotes its filler', async () => {
    const result = await store.knowledge.retrieve({ question: '商品二重性指的是什么' });
    const [first] = result.passages;
    expect(first).toMatchObject({ videoId: 92, kind: 'transcript' });
    expect(first!.timePoint).toBe(spokenAt(92, '商品二重性指'));
    expect(first!.quote).toContain('使用价值和价值的统一体');
    for (const passage of result.passages) {
      expect(passage.timePoint).toBeGreaterThan(0);
      expect(passage.quote).not.toMatch(/今天我们讨论|结合身边的例子/);
    }
  });
});
