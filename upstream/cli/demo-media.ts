/**
 * `npm run demo:media`: regenerates the demo lectures committed under upstream/demo-media (see
 * upstream/src/demo/media): one for every video of the first two recommended courses, plus those
 * committed before (made for the search end-to-end test). Every other demo video gets its own
 * lecture when first opened. Needs ffmpeg, espeak-ng and the Noto CJK font.
 * Resumable: the work (narration, slides, renders) and its job records stay in
 * DEMO_MEDIA_WORK (default: the system's temp folder), so a rerun redoes only what is missing.
 */
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDemoContent } from '../src/demo/generate';
import { buildLecture, type LectureSpec } from '../src/media/lecture/lecture';
import {
  DEMO_MEDIA_DIR,
  LIBRARY_INDEX,
  LIBRARY_VERSION,
  loadDemoMediaLibrary,
  type DemoLecture,
  type DemoMediaLibrary,
} from '../src/demo/media/library';
import { planDemoMedia, plannedTimings } from '../src/demo/media/plan';
import { recommendedLectureVideos, searchTestPhrase } from '../src/demo/media/select';
import { CJK_FONT } from '../src/media/lecture/slides';
import { checkMediaTools } from '../src/media/pipeline/tools';
import { terminalReporter } from '../src/media/pipeline/progress';
import { openStore } from '../src/store';

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(file) : statSync(file).size;
  }
  return total;
}

async function main(): Promise<void> {
  await checkMediaTools();
  if (!existsSync(CJK_FONT))
    throw new Error(`找不到中文字体 ${CJK_FONT}：请安装 fonts-noto-cjk (or set DEMO_CJK_FONT)`);
  const outRoot = DEMO_MEDIA_DIR;
  const workRoot = path.resolve(process.env.DEMO_MEDIA_WORK?.trim() || path.join(tmpdir(), 'sizheng-demo-media'));
  // the demo's words and ids do not depend on the date: any `now` gives the same lectures
  const content = generateDemoContent({ now: new Date('2026-01-01T00:00:00Z') });
  const videos = new Map(content.videos.map((v) => [v.id, v]));
  const courses = new Map(content.courses.map((c) => [c.id, c]));
  const lecturers = new Map(content.lecturers.map((l) => [l.id, l]));
  const specOf = (videoId: number): LectureSpec => {
    const video = videos.get(videoId)!;
    const course = courses.get(video.courseId)!;
    return { video, course, lecturer: lecturers.get(course.lecturerId)! };
  };

  const jobsStore = openStore(workRoot);
  const reporter = terminalReporter();
  const lectures = new Map<number, DemoLecture>();
  const build = async (videoId: number) => {
    if (lectures.has(videoId)) return;
    const spec = specOf(videoId);
    lectures.set(
      videoId,
      await buildLecture(spec, {
        outDir: path.join(outRoot, spec.video.code),
        workDir: path.join(workRoot, spec.video.code),
        jobs: jobsStore.media.jobs,
        reporter,
      }),
    );
  };
  const library = (): DemoMediaLibrary => ({
    version: LIBRARY_VERSION,
    lectures: [...lectures.values()].sort((a, b) => a.videoId - b.videoId),
  });

  try {
    const chosen = recommendedLectureVideos(content);
    for (const id of chosen) await build(id);
    // the lectures committed before (the search test's videos of the borrowing days) stay: every
    // other demo video gets its own when first opened (media/lecture/on-open.ts), no borrowing
    for (const lecture of loadDemoMediaLibrary()?.lectures ?? [])
      if (videos.has(lecture.videoId)) await build(lecture.videoId);
    const phrase = searchTestPhrase(content, plannedTimings(planDemoMedia(content.videos, library())));
    if (!phrase)
      throw new Error('no transcript-only phrase after the first minute: the search e2e test would find none');

    const codes = new Set([...lectures.values()].map((l) => l.code));
    for (const entry of existsSync(outRoot) ? readdirSync(outRoot, { withFileTypes: true }) : []) {
      if (entry.isDirectory() && !codes.has(entry.name))
        rmSync(path.join(outRoot, entry.name), { recursive: true, force: true });
    }
    writeFileSync(path.join(outRoot, LIBRARY_INDEX), `${JSON.stringify(library(), null, 1)}\n`);

    for (const lecture of library().lectures) {
      const bytes = folderBytes(path.join(outRoot, lecture.code));
      process.stdout.write(
        `${lecture.code} (video ${lecture.videoId}): ${(lecture.durationMs / 1000).toFixed(1)} s, ` +
          `${lecture.passages.length} sentences, ${(bytes / 1024).toFixed(0)} KiB\n`,
      );
    }
    process.stdout.write(
      `${lectures.size} lectures, ${(folderBytes(outRoot) / 1024 / 1024).toFixed(2)} MiB in ${outRoot}; ` +
        `the search test's phrase 「${phrase.phrase}」 is spoken in video ${phrase.videoId} at ${phrase.second} s\n`,
    );
  } finally {
    await jobsStore.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo:media failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
