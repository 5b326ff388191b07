/**
 * AI content of the demo catalogue, as a first start makes it: `npm run demo:seed` into a fresh
 * DATA_DIR writes every video's content with the extractive writer, and the real main API answers
 * GET /api/ai/GetAIContent over signed HTTP. The expectations are written from the contract
 * (upstream/API.md) and the product (majors of the Ministry of Education's catalogue), not computed
 * by the server's code: key points in time order with their clock labels, questions that name a
 * concept the lecture itself says, real major codes that fit the course's subject.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import type { DemoContent, DemoVideo } from '../../upstream/src/demo/types';
import { startMainApi, type RunningServer } from '../../upstream/src/main-api/server';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { UpstreamClient } from './client';
import type { AiContentItem } from '../../upstream/src/main-api/contract';

const repoRoot = path.resolve(__dirname, '..', '..');

/** 学科门类 each demo subject's courses belong to (思政 is taught by 马克思主义理论类, a class of 法学) */
const SUBJECT_CLASS_PREFIX: Record<string, string[]> = {
  思政: ['0305'],
  哲学: ['01'],
  经济学: ['02'],
  法学: ['03'],
  教育学: ['04', '0711'],
  文学: ['05'],
  历史学: ['06'],
  理学: ['07'],
  工学: ['08'],
  农学: ['09'],
  医学: ['10'],
  管理学: ['12'],
  艺术学: ['13'],
};

/** majors of the 2020 catalogue, written out here: code → [name, 专业类, 学科门类] */
const KNOWN_MAJORS: Record<string, [string, string, string]> = {
  '030503': ['思想政治教育', '马克思主义理论类', '法学'],
  '030501': ['科学社会主义', '马克思主义理论类', '法学'],
  '030502': ['中国共产党历史', '马克思主义理论类', '法学'],
  '010101': ['哲学', '哲学类', '哲学'],
  '080901': ['计算机科学与技术', '计算机类', '工学'],
  '100201K': ['临床医学', '临床医学类', '医学'],
  '050301': ['新闻学', '新闻传播学类', '文学'],
  '120501': ['图书馆学', '图书情报与档案管理类', '管理学'],
};

const clock = (s: number) => {
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

let dataDir: string;
let store: MainApiData;
let server: RunningServer;
let client: UpstreamClient;
let content: DemoContent;
const answers = new Map<number, AiContentItem | null>();

function subjectOf(catalogueId: number): string {
  const byId = new Map(content.catalogues.map((c) => [c.id, c]));
  let node = byId.get(catalogueId);
  while (node && node.parentId !== 0) node = byId.get(node.parentId);
  return node!.name;
}

function trailOf(catalogueId: number) {
  const byId = new Map(content.catalogues.map((c) => [c.id, c]));
  const out = [];
  for (let node = byId.get(catalogueId); node; node = byId.get(node.parentId)) out.unshift(node);
  return out;
}

const materialText = (v: DemoVideo) =>
  [
    v.name,
    v.abstract,
    ...v.keyframes.flatMap((k) => [k.keyPoints, k.description]),
    ...v.transcript.map((p) => p.text),
  ].join('\n');

/** the terms a question is about: “…” and 《…》 */
const quotedTerms = (q: string) => [...q.matchAll(/“([^”]+)”|(《[^》]+》)/g)].map((m) => m[1] ?? m[2]!);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-content-'));
  const seed = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'upstream/cli/seed.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 110_000,
  });
  expect(seed.status, seed.stderr).toBe(0);
  const line = /seeded AI content: .*$/m.exec(seed.stdout)?.[0];
  expect(line).toMatch(/^seeded AI content: 1097 videos and 258 course overviews written by retrieval in \d+\.\d s$/);
  process.stdout.write(`demo seed: ${line}\n`);

  content = generateDemoContent({ now: new Date() });
  const config = loadUpstreamConfig({ DATA_DIR: dataDir, UPSTREAM_PORT: '0', LOG_LEVEL: 'silent' });
  store = openMainApiData(dataDir);
  server = await startMainApi({ config, store });
  client = new UpstreamClient({ baseUrl: server.url, secret: config.apiSecret });
  for (const video of content.videos) {
    const res = await client.get<AiContentItem | null>('/api/ai/GetAIContent', { videoId: video.id });
    expect(res.body.code).toBe(2000);
    answers.set(video.id, res.body.items);
  }
}, 240_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('AI content of the demo catalogue', () => {
  it('exists for every video, written by the retrieval provider', () => {
    expect(content.videos).toHaveLength(1097);
    for (const video of content.videos) {
      const ai = answers.get(video.id);
      expect(ai, `video ${video.id}`).not.toBeNull();
      expect(ai!.provider).toBe('retrieval');
      expect(Number.isNaN(Date.parse(ai!.generatedAt))).toBe(false);
      expect(ai!.videoAbstract.length).toBeGreaterThan(10);
      expect(ai!.courseOverview).toContain(content.courses.find((c) => c.id === video.courseId)!.name);
    }
  });

  it('lists key points in time order, each with its clock label, at most 20', () => {
    for (const video of content.videos) {
      const points = answers.get(video.id)!.videoKeyframes;
      expect(points.length).toBeGreaterThanOrEqual(1);
      expect(points.length).toBeLessThanOrEqual(20);
      for (let i = 0; i < points.length; i++) {
        expect(points[i]!.keyPointsShow).toBe(clock(points[i]!.timePoint));
        if (i > 0) expect(points[i]!.timePoint).toBeGreaterThanOrEqual(points[i - 1]!.timePoint);
        expect(points[i]!.description.length).toBeGreaterThan(0);
      }
    }
  });

  it('suggests 3 to 6 questions, each about a concept the lecture itself says', () => {
    for (const video of content.videos) {
      const questions = answers.get(video.id)!.guessYouAsk;
      expect(questions.length, video.name).toBeGreaterThanOrEqual(3);
      expect(questions.length).toBeLessThanOrEqual(6);
      expect(new Set(questions).size).toBe(questions.length);
      const text = materialText(video);
      for (const question of questions) {
        expect(question).toMatch(/？$/);
        const terms = quotedTerms(question);
        expect(terms.length, question).toBeGreaterThan(0);
        for (const term of terms) expect(text, `${question} (video ${video.id})`).toContain(term);
      }
    }
  });

  it('asks first what the lecture is named after (a demo lecture on 实践)', () => {
    const video = content.videos.find((v) => v.name === '实践')!;
    expect(answers.get(video.id)!.guessYouAsk[0]).toBe('什么是“实践”？');
  });

  it('tags the catalogue trail, the lecturer and key concepts', () => {
    for (const video of content.videos.slice(0, 200)) {
      const course = content.courses.find((c) => c.id === video.courseId)!;
      const tags = answers.get(video.id)!.coreContent;
      const trail = trailOf(course.catalogueId);
      expect(tags.filter((t) => t.tagType === 1)).toEqual(
        trail.map((node) => ({
          tagName: node.name,
          tagType: 1,
          id: node.id,
          parentId: node.parentId,
          catalogLevel: node.level,
        })),
      );
      const lecturer = content.lecturers.find((l) => l.id === course.lecturerId)!;
      expect(tags.filter((t) => t.tagType === 2)).toEqual([
        { tagName: lecturer.name, tagType: 2, id: lecturer.id, parentId: 0, catalogLevel: 0 },
      ]);
      const concepts = tags.filter((t) => t.tagType === 3);
      expect(concepts.length).toBeGreaterThanOrEqual(1);
      for (const concept of concepts) {
        expect(concept).toMatchObject({ id: 0, parentId: 0, catalogLevel: 0 });
        expect(materialText(video)).toContain(concept.tagName);
      }
    }
  });

  it('relates 2 to 5 real majors that fit the subject', () => {
    const seen = new Map<string, { name: string; majorClass: string; discipline: string }>();
    for (const video of content.videos) {
      const course = content.courses.find((c) => c.id === video.courseId)!;
      const majors = answers.get(video.id)!.relatedDisciplinesMajors;
      expect(majors.length).toBeGreaterThanOrEqual(2);
      expect(majors.length).toBeLessThanOrEqual(5);
      const prefixes = SUBJECT_CLASS_PREFIX[subjectOf(course.catalogueId)]!;
      expect(
        majors.some((m) => prefixes.some((p) => m.code.startsWith(p))),
        `${course.name}: ${majors.map((m) => m.name)}`,
      ).toBe(true);
      for (const m of majors) {
        expect(m.code).toMatch(/^\d{6}(T|K|TK)?$/);
        expect(m.majorClass).toMatch(/类$/);
        seen.set(m.code, m);
      }
    }
    for (const [code, [name, majorClass, discipline]] of Object.entries(KNOWN_MAJORS)) {
      expect(seen.get(code), code).toEqual({ code, name, majorClass, discipline });
    }
  });

  it('brings the majors a catalogue names: 科学社会主义, 计算机科学与技术, 临床医学', () => {
    const majorsOfLeaf = (leaf: string) => {
      const ids = new Set(content.catalogues.filter((c) => c.name === leaf).map((c) => c.id));
      const video = content.videos.find((v) => ids.has(content.courses.find((c) => c.id === v.courseId)!.catalogueId))!;
      return answers.get(video.id)!.relatedDisciplinesMajors.map((m) => m.code);
    };
    expect(majorsOfLeaf('科学社会主义')).toContain('030501');
    expect(majorsOfLeaf('程序设计')).toContain('080901');
    expect(majorsOfLeaf('内科学')).toContain('100201K');
    expect(majorsOfLeaf('先秦诸子')).toContain('010101');
  });
});
