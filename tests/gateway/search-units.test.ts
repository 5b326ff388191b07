/** Search's pure parts: highlight segments, the keyword rules, knowledge-point fields, the cost of search operations. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { requireKeyword } from '../../gateway/src/graphql/args';
import { HIT_END, HIT_START, highlightSegments, segmentsOf } from '../../gateway/src/graphql/highlight';
import { formatTimePoint, KnowledgePoint } from '../../gateway/src/resolvers/Search';
import { createSchema } from '../../gateway/src/schema';
import type { RestKnowledgePoint } from '../../gateway/src/upstream/types';
import { COST_MODEL, QUERY_LIMITS, UPSTREAM_CALL_COST, costVerdict } from '../../gateway/src/yoga/limits';
import { measureOperation } from '../../gateway/src/yoga/operationCost';

/** 「…」 marks a match in these cases: written with the real markers. */
const marked = (text: string) => text.replace(/「/g, HIT_START).replace(/」/g, HIT_END);
const joined = (segments: { text: string }[]) => segments.map((segment) => segment.text).join('');
const MARKER = /[\uE000\uE001]/;

describe('highlight segments', () => {
  it('splits a highlighted string into plain and matched pieces', () => {
    expect(highlightSegments(marked('学习「习近平」新时代「思想」概论'))).toEqual([
      { text: '学习', hit: false },
      { text: '习近平', hit: true },
      { text: '新时代', hit: false },
      { text: '思想', hit: true },
      { text: '概论', hit: false },
    ]);
    expect(highlightSegments(marked('「马克思」'))).toEqual([{ text: '马克思', hit: true }]);
    expect(highlightSegments('没有匹配')).toEqual([{ text: '没有匹配', hit: false }]);
  });

  it('answers [] for an empty string and leaves out empty pieces', () => {
    expect(highlightSegments('')).toEqual([]);
    expect(highlightSegments(marked('「」'))).toEqual([]);
    expect(highlightSegments(marked('a「」b'))).toEqual([{ text: 'ab', hit: false }]);
  });

  it('merges neighbouring matches into one piece', () => {
    expect(highlightSegments(marked('「中国」「特色」社会主义'))).toEqual([
      { text: '中国特色', hit: true },
      { text: '社会主义', hit: false },
    ]);
  });

  it('reads unbalanced markers leniently and never passes one on', () => {
    const cases: [string, { text: string; hit: boolean }[]][] = [
      // a stray end outside a match is dropped
      ['前」后', [{ text: '前后', hit: false }]],
      // a match open at the end runs to the end (a snippet cut inside it)
      [
        '前「后…',
        [
          { text: '前', hit: false },
          { text: '后…', hit: true },
        ],
      ],
      // a start inside a match does not nest
      [
        '「外「内」后',
        [
          { text: '外内', hit: true },
          { text: '后', hit: false },
        ],
      ],
      ['「「」」', []],
      ['」」「', []],
      [
        'a」「b」c「',
        [
          { text: 'a', hit: false },
          { text: 'b', hit: true },
          { text: 'c', hit: false },
        ],
      ],
    ];
    for (const [input, expected] of cases) {
      const segments = highlightSegments(marked(input));
      expect(segments, input).toEqual(expected);
      expect(
        segments.some((segment) => MARKER.test(segment.text)),
        input,
      ).toBe(false);
      expect(joined(segments), input).toBe(marked(input).replace(/[\uE000\uE001]/g, ''));
    }
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(highlightSegments(marked('𠀀「𠀁」𠀂'))).toEqual([
      { text: '𠀀', hit: false },
      { text: '𠀁', hit: true },
      { text: '𠀂', hit: false },
    ]);
  });

  it('falls back to the plain text when the upstream sent no highlight, cut to a snippet for long fields', () => {
    expect(segmentsOf(undefined, '课程名')).toEqual([{ text: '课程名', hit: false }]);
    expect(segmentsOf(null, '')).toEqual([]);
    expect(segmentsOf(undefined, undefined)).toEqual([]);
    expect(segmentsOf(undefined, marked('a「b」'))).toEqual([{ text: 'ab', hit: false }]);
    const long = '长'.repeat(200);
    const [snippet] = segmentsOf(undefined, long, { snippet: true });
    expect([...snippet!.text]).toHaveLength(120);
    expect(snippet!.text.endsWith('…')).toBe(true);
    // a highlight, even an empty one, is the upstream's word
    expect(segmentsOf('', '课程名')).toEqual([]);
    expect(segmentsOf(marked('「课程」名'), '课程名')).toEqual([
      { text: '课程', hit: true },
      { text: '名', hit: false },
    ]);
  });
});

describe('the keyword rules', () => {
  const refusal = (message: string) =>
    expect.objectContaining({ message, extensions: { code: 'BAD_USER_INPUT', argument: 'keyword' } });

  it('trims the keyword and accepts up to 50 characters (code points)', () => {
    expect(requireKeyword('  思政 \u3000')).toBe('思政');
    expect(requireKeyword('字'.repeat(50))).toBe('字'.repeat(50));
    // 50 characters outside the basic plane are 100 UTF-16 units
    expect(requireKeyword('𠀀'.repeat(50))).toBe('𠀀'.repeat(50));
  });

  it("refuses an empty keyword and one of more than 50 characters with the upstream's sentences", () => {
    for (const empty of ['', '   ', '\u3000\t\n'])
      expect(() => requireKeyword(empty)).toThrow(refusal('请输入搜索关键词'));
    expect(() => requireKeyword('字'.repeat(51))).toThrow(refusal('搜索关键词不能超过50个字'));
    expect(() => requireKeyword('𠀀'.repeat(51))).toThrow(refusal('搜索关键词不能超过50个字'));
    // surrounding spaces do not count
    expect(requireKeyword(` ${'字'.repeat(50)} `)).toBe('字'.repeat(50));
  });
});

describe('knowledge points', () => {
  const point: RestKnowledgePoint = {
    id: 'k-12-3',
    kind: 'keyframe',
    videoId: 12,
    videoName: '第一讲',
    videoImage: '/media/v/12.jpg',
    courseId: 4,
    catalogId: 16,
    courseName: '课程',
    authorName: '讲师',
    timePoint: 312,
    keyPointsShow: '05:12',
    keyPoints: '要点',
    description: '描述',
    highlight: { videoName: marked('「第一」讲'), keyPoints: marked('「要点」'), description: '描述' },
  };

  it('has a global id of its upstream id, its kind, its second and the player path at it', () => {
    expect(Buffer.from(KnowledgePoint.id(point), 'base64').toString('utf8')).toBe('KnowledgePoint:k-12-3');
    expect(KnowledgePoint.kind(point)).toBe('KEYFRAME');
    expect(KnowledgePoint.kind({ ...point, id: 't-12-1', kind: 'transcript' })).toBe('TRANSCRIPT');
    expect(KnowledgePoint.timePoint(point)).toBe(312);
    expect(KnowledgePoint.timePointShow(point)).toBe('05:12');
    expect(KnowledgePoint.playPath(point)).toBe('/Play?courseId=4&catalogId=16&videoId=12&vtime=312');
    expect(KnowledgePoint.videoName(point)).toEqual([
      { text: '第一', hit: true },
      { text: '讲', hit: false },
    ]);
    expect(
      KnowledgePoint.keyPoints({ ...point, kind: 'transcript', keyPoints: '', highlight: { keyPoints: '' } }),
    ).toEqual([]);
  });

  it('shows the second as 05:12, or 1:02:03 from an hour, when the upstream did not', () => {
    expect(formatTimePoint(0)).toBe('00:00');
    expect(formatTimePoint(312)).toBe('05:12');
    expect(formatTimePoint(3599)).toBe('59:59');
    expect(formatTimePoint(3723)).toBe('1:02:03');
    expect(KnowledgePoint.timePointShow({ ...point, keyPointsShow: '' })).toBe('05:12');
  });
});

describe('the cost of search operations (pure)', () => {
  const schema = createSchema();
  const measure = (query: string, variables: Record<string, unknown> = {}) =>
    measureOperation(schema, parse(query), undefined, variables, COST_MODEL)!;

  it('counts each field of Search asked for as one upstream call, per alias', () => {
    expect(measure('{ search(keyword: "x") { keyword catalogueId } }').upstreamCalls).toBe(0);
    expect(measure('{ search(keyword: "x") { counts { courseCount } overview { courseCount } } }').upstreamCalls).toBe(
      2,
    );
    expect(
      measure(
        '{ search(keyword: "x") { courses { totalCount } knowledgePoints { totalCount } topics { totalCount } authors { totalCount } } }',
      ).upstreamCalls,
    ).toBe(4);
    expect(
      measure(
        '{ a: search(keyword: "x") { counts { courseCount } } b: search(keyword: "y") { counts { courseCount } } }',
      ).upstreamCalls,
    ).toBe(2);
  });

  it("counts the overview's previews at their fixed sizes and the tabs at their page size", () => {
    // 21 courses in the overview, each asking for its videos
    expect(
      measure('{ search(keyword: "x") { overview { courses { course { videos { name } } } } } }').upstreamCalls,
    ).toBe(1 + 21);
    // the tab's default page is 21 (schema.graphql)
    expect(
      measure('{ search(keyword: "x") { courses { edges { node { course { videos { name } } } } } } }').upstreamCalls,
    ).toBe(1 + 21);
    expect(
      measure('{ search(keyword: "x") { authors(first: 5) { edges { node { author { courses { totalCount } } } } } } }')
        .upstreamCalls,
    ).toBe(1 + 5);
    // the lecturers of one list are loaded together
    expect(
      measure('{ search(keyword: "x") { overview { courses { course { author { name } } } } } }').upstreamCalls,
    ).toBe(1 + 1);
  });

  it("counts a search hit's topic courses (its detail call), not a listed topic's", () => {
    expect(
      measure('{ search(keyword: "x") { overview { topics { topic { courses { name } } } } } }').upstreamCalls,
    ).toBe(1 + 4);
    expect(
      measure(
        '{ search(keyword: "x") { topics(first: 10) { edges { node { topic { ...T } } } } } } fragment T on Topic { courses { name } }',
      ).upstreamCalls,
    ).toBe(1 + 10);
    expect(measure('{ featuredTopics(limit: 6) { courses { name } } }').upstreamCalls).toBe(0);
    // only the hit's own topic: the topics of its moreTopics carry their courses
    expect(
      measure(
        '{ search(keyword: "x") { topics(first: 2) { edges { node { topic { moreTopics { courses { name } } } } } } } }',
      ).upstreamCalls,
    ).toBe(1 + 2);
  });

  it('lets a /search page operation through with room to spare, and refuses fan-outs', () => {
    const SEG = '{ text hit }';
    const page = `query SearchPage($keyword: String!, $catalogueId: Int) {
      search(keyword: $keyword, catalogueId: $catalogueId) {
        keyword catalogueId
        counts { courseCount knowledgePointCount topicCount authorCount }
        overview {
          courseCount knowledgePointCount topicCount authorCount
          courses { name ${SEG} info ${SEG} authorName ${SEG} course { id courseId catalogueId name image exclusive authorName authorPosition videoCount viewCount } }
          knowledgePoints { id kind timePoint timePointShow keyPoints ${SEG} text ${SEG} videoId videoName ${SEG} videoImage courseId catalogueId courseName authorName playPath }
          topics { title ${SEG} info ${SEG} topic { id topicId title image courseCount } }
          authors { name ${SEG} position ${SEG} author { id authorId name image position courseCount videoCount } }
        }
      }
      catalogueSuggestions(keyword: $keyword, limit: 10) { catalogueId level parentId name ${SEG} catalogue { id catalogueId name level } }
      hotKeywords(limit: 8) { keyword searchCount }
      featuredTopics(limit: 2) { id topicId title image courseCount }
    }`;
    const cost = measure(page, { keyword: '思政', catalogueId: 0 });
    expect(cost.upstreamCalls).toBe(2);
    expect(costVerdict(cost)).toBeNull();
    // ≈ 5 600 of 20 000
    expect(cost.structure + cost.upstreamCalls * UPSTREAM_CALL_COST).toBeLessThan(QUERY_LIMITS.maxCost / 3);
    const fanOut = measure(
      '{ search(keyword: "x") { courses(first: 100) { edges { node { course { videos { name } } } } } } }',
    );
    expect(costVerdict(fanOut)).not.toBeNull();
  });

  it("keeps the web app's search operations (every tab of /search and its pages) well inside the limit", async () => {
    const generated = path.resolve(__dirname, '../../web/src/__generated__');
    const names = readdirSync(generated)
      .filter((file) => /^Search\w*Query\.graphql\.ts$/.test(file))
      .map((file) => file.replace(/\.graphql\.ts$/, ''));
    expect(names).toContain('SearchQuery');
    for (const name of names) {
      const loaded = (await import(path.join(generated, `${name}.graphql.ts`))) as {
        default: { params: { text: string } };
      };
      const text = loaded.default.params.text;
      const operation = parse(text).definitions.find(
        (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
      )!;
      const variables: Record<string, unknown> = {};
      const switches: string[] = [];
      for (const definition of operation.variableDefinitions ?? []) {
        const type = definition.type.kind === 'NonNullType' ? definition.type.type : definition.type;
        const typeName = type.kind === 'NamedType' ? type.name.value : '';
        const variable = definition.variable.name.value;
        if (typeName === 'Boolean') switches.push(variable);
        variables[variable] =
          typeName === 'Boolean'
            ? false
            : typeName === 'String'
              ? '思政'
              : typeName === 'Int'
                ? variable === 'catalogueId'
                  ? 0
                  : 21
                : null;
      }
      // the tabs are switched by booleans, one at a time
      for (const on of switches.length > 0 ? switches : [null]) {
        const cost = measureOperation(
          schema,
          parse(text),
          name,
          on ? { ...variables, [on]: true } : variables,
          COST_MODEL,
        );
        expect(cost, `${name} ${on}`).not.toBeNull();
        expect(costVerdict(cost), `${name} ${on}`).toBeNull();
        // ≈ 3 500 to 6 000 of 20 000 (measured 2026-11)
        expect(cost!.structure + cost!.upstreamCalls * UPSTREAM_CALL_COST, `${name} ${on}`).toBeLessThan(
          QUERY_LIMITS.maxCost / 3,
        );
      }
    }
  });
});
