/**
 * The openai-compatible content writer against a local stand-in for an OpenAI-compatible server
 * (an LLM API cannot be reached from here; nothing of our own code is stood in for): the CLI sends
 * the material with the JSON response format and the key as a Bearer token, stores good answers
 * as written by the model, replaces an answer that is not valid content by the extractive writer's
 * with a warning, and counts a provider that fails, stopping after five failures in a row. The key
 * never appears in what the command prints. The command runs in-process (upstream/cli/ai-content-command.ts,
 * its log lines with its output); its start as a process is proved in ai-content-job.test.ts.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAiContent as runAiContentCommand } from '../../upstream/cli/ai-content-command';
import { createChatWriter } from '../../upstream/src/ai/content/chat-writer';
import type { ContentMaterial } from '../../upstream/src/ai/provider';
import { DATABASE_FILE, openStore } from '../../upstream/src/store';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';
import { runInProcess, type CommandRun } from '../support/cli';

const API_KEY = 'sk-test-0123456789abcdef';

interface ChatRequest {
  authorization: string | undefined;
  path: string;
  body: {
    model: string;
    stream: boolean;
    response_format: { type: string };
    messages: { role: string; content: string }[];
  };
}

let server: Server;
let baseUrl: string;
let mode: 'content' | 'error' = 'content';
const requests: ChatRequest[] = [];

/** the lecture named in the prompt (本讲：…), and the seconds the prompt marks */
const lectureOf = (prompt: string) => /^本讲：(.*)$/m.exec(prompt)![1]!;
const secondsOf = (prompt: string) => [...prompt.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));

function answerFor(prompt: string): string {
  const lecture = lectureOf(prompt);
  // the second lecture of every course gets an answer that is not the asked content
  if (lecture.endsWith('（2）')) return '好的，这是本讲的内容概述：这一讲讲得很好。';
  const seconds = secondsOf(prompt);
  return JSON.stringify({
    courseOverview: `模型写的课程概述：${lecture}所在的课程。`,
    videoAbstract: `模型写的摘要：${lecture}。`,
    keyPoints: [...new Set(seconds)]
      .sort((a, b) => b - a)
      .map((t) => ({ timePoint: t, description: `第${t}秒的要点` })),
    guessYouAsk: [`${lecture}讲了什么？`, `为什么要学${lecture}？`, `${lecture}的要点是什么？`],
  });
}

function readJson(dir: string, sql: string) {
  const db = new Database(path.join(dir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

async function fixtureDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-chat-'));
  const store = openStore(dir);
  await seedDemoContent(store, fixtureContent(), store.mediaDir);
  await store.close();
  return dir;
}

function runAiContent(args: string[], env: Record<string, string>): Promise<CommandRun> {
  return runInProcess(runAiContentCommand, args, { LOG_LEVEL: 'info', ...env });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as ChatRequest['body'];
      requests.push({ authorization: req.headers.authorization, path: req.url ?? '', body });
      if (mode === 'error') {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"overloaded"}}');
        return;
      }
      const prompt = body.messages.find((m) => m.role === 'user')!.content;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answerFor(prompt) } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the openai-compatible content writer', () => {
  it('stores the model’s content, falls back to the extractive writer on invalid answers, never prints the key', async () => {
    const dir = await fixtureDataDir();
    try {
      mode = 'content';
      requests.length = 0;
      const run = await runAiContent(['--provider', 'openai-compatible', '--data-dir', dir], {
        AI_BASE_URL: baseUrl,
        AI_API_KEY: API_KEY,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        provider: 'openai-compatible',
        videos: 20,
        generated: 20,
        failed: 0,
      });
      expect(run.stdout + run.stderr).not.toContain(API_KEY);

      expect(requests).toHaveLength(20);
      for (const r of requests) {
        expect(r.path).toBe('/v1/chat/completions');
        expect(r.authorization).toBe(`Bearer ${API_KEY}`);
        expect(r.body).toMatchObject({
          model: 'deepseek-chat',
          stream: false,
          response_format: { type: 'json_object' },
        });
        expect(r.body.messages[0]!.role).toBe('system');
      }
      // the prompt carries the lecture's material with its seconds
      const prompt = requests.find((r) => lectureOf(r.body.messages[1]!.content) === '唯物辩证法的基本规律（1）')!.body
        .messages[1]!.content;
      expect(prompt).toContain('今天我们学习唯物辩证法的基本规律。');
      expect(prompt).toContain('[312] 要点2——唯物辩证法的基本规律的第2个要点。');

      const rows = readJson(
        dir,
        'SELECT a.video_id AS id, v.name, a.provider, a.abstract, a.key_points AS points, a.guess_you_ask AS questions FROM ai_video_content a JOIN videos v ON v.id = a.video_id',
      );
      expect(rows).toHaveLength(20);
      for (const row of rows) {
        const name = row.name as string;
        if (name.endsWith('（2）')) {
          expect(row.provider, name).toBe('retrieval');
          expect(row.abstract).not.toContain('模型写的');
        } else {
          expect(row.provider, name).toBe('openai-compatible');
          expect(row.abstract).toBe(`模型写的摘要：${name}。`);
          const points = JSON.parse(row.points as string) as { timePoint: number }[];
          expect(points.map((p) => p.timePoint)).toEqual([...points.map((p) => p.timePoint)].sort((a, b) => a - b));
          expect(JSON.parse(row.questions as string)).toEqual([
            `${name}讲了什么？`,
            `为什么要学${name}？`,
            `${name}的要点是什么？`,
          ]);
        }
      }
      const fallbacks = rows.filter((r) => (r.name as string).endsWith('（2）')).length;
      expect(fallbacks).toBeGreaterThan(0);
      expect(run.stderr.match(/not valid content .*written extractively instead/g)).toHaveLength(fallbacks);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts a failing provider and stops after five failures in a row, leaving the videos stale', async () => {
    const dir = await fixtureDataDir();
    try {
      mode = 'error';
      requests.length = 0;
      const run = await runAiContent(['--provider', 'openai-compatible', '--data-dir', dir], {
        AI_BASE_URL: baseUrl,
        AI_API_KEY: API_KEY,
      });
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ generated: 0, failed: 5, remaining: 20 });
      expect(requests).toHaveLength(5);
      expect(run.stderr).toContain('the chat model answered HTTP 503');
      expect(run.stdout + run.stderr).not.toContain(API_KEY);
      expect(readJson(dir, 'SELECT video_id FROM ai_video_content')).toHaveLength(0);

      // the provider is back: the next run writes them all
      mode = 'content';
      const again = await runAiContent(['--provider', 'openai-compatible', '--data-dir', dir], {
        AI_BASE_URL: baseUrl,
      });
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ generated: 20, failed: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('openai-compatible content writer, a remote answering without end', () => {
  it('stops reading past 2 MB and fails, as an HTTP failure does', async () => {
    const endless = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      const piece = Buffer.alloc(256 * 1024, 'x');
      // 4 MB in all: a body the writer must not hold whole
      const write = (left: number) => {
        if (left === 0 || res.destroyed) return res.end();
        res.write(piece, () => write(left - 1));
      };
      write(16);
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const writer = createChatWriter({
        baseUrl: `http://127.0.0.1:${(endless.address() as AddressInfo).port}/v1`,
        apiKey: null,
        model: 'm',
      });
      const material: ContentMaterial = {
        courseName: '课程',
        courseInfo: '简介',
        authorName: '讲师',
        catalogueTrail: ['哲学'],
        videoName: '第一讲',
        videoAbstract: '摘要',
        courseVideoNames: ['第一讲'],
        keyframes: [],
        transcript: [{ timePoint: 0, text: '一句话。' }],
        keywords: [],
      };
      await expect(writer.writeContent(material)).rejects.toThrow('the chat model answered more than 2097152 bytes');
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });
});
