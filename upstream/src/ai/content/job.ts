/**
 * The AI content job: finds the videos whose content is missing or stale (their material hash
 * changed, material.ts), writes it with a content writer and stores each video as soon as it is
 * written, so a run that stops (Ctrl-C, a crash, a bounded batch) loses at most the video in hand
 * and the next run continues with what is left. `all` rewrites every video; a stopped `all` run is
 * remembered (ai_content_state) and resumed by the next `all` run instead of starting over.
 *
 * Used by `npm run ai:content`, the demo seed and the main API's background refresh; never by a
 * request.
 */
import type { Logger } from '../../logger';
import { isBusy, type AiCourseContentRecord, type Store } from '../../store';
import { matchMajors } from '../majors';
import { keyConcepts } from './key-concepts';
import { courseMaterials, type VideoMaterial } from './material';
import type { ContentWriterWithAttribution } from './writer';

const ALL_RUN_KEY = 'all-run';
/** a provider failing this many videos in a row is not going to write the rest: stop the run */
const MAX_FAILURES_IN_A_ROW = 5;

export interface ContentJobOptions {
  writer: ContentWriterWithAttribution;
  /** rewrite every video, not only missing or stale ones */
  all?: boolean;
  /** write at most this many videos (the rest stay stale for a later run) */
  limit?: number;
  signal?: AbortSignal;
  /** called before the first video and after each one */
  onProgress?: (done: number, total: number, videoName: string) => void;
  logger?: Logger;
  now?: () => number;
  /**
   * the main API's background batches: give the event loop a turn between courses and videos, and
   * never wait for the write lock (another process writing, e.g. a rebuild or an import): a batch
   * that finds it taken stops there, the next batch goes on
   */
  yieldBetween?: boolean;
}

export interface ContentJobSummary {
  provider: string;
  all: boolean;
  /** videos in the store */
  videos: number;
  /** up to date, left as they were */
  fresh: number;
  /** missing, stale (or, with all, not yet rewritten by this run) when the run started */
  stale: number;
  generated: number;
  failed: number;
  /** course overviews written */
  courses: number;
  /** still to write when the run ended (limit, interruption or failures) */
  remaining: number;
  interrupted: boolean;
  elapsedMs: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Planned {
  item: VideoMaterial;
  /** write the course's overview with this video */
  course: boolean;
  /** only the course's overview is stale: write it from this video, keep the video's content */
  courseOnly: boolean;
}

export async function runContentJob(store: Store, options: ContentJobOptions): Promise<ContentJobSummary> {
  const started = Date.now();
  const now = options.now ?? Date.now;
  const all = options.all ?? false;
  const refs = await store.aiContent.videoRefs();
  const courseHashes = await store.aiContent.courseHashes();

  let allSince = 0;
  if (all) {
    const previous = await store.aiContent.state(ALL_RUN_KEY);
    allSince = previous ? (JSON.parse(previous) as { startedAt: number }).startedAt : now();
    if (!previous) await store.aiContent.setState(ALL_RUN_KEY, JSON.stringify({ startedAt: allSince }));
  }

  // plan: a course at a time, the videos whose stored hash differs from today's material
  const stored = new Map(refs.map((ref) => [ref.videoId, ref]));
  const courseIds = [...new Set(refs.map((ref) => ref.courseId))];
  const plan: Planned[] = [];
  let fresh = 0;
  for (const courseId of courseIds) {
    if (options.signal?.aborted) break;
    const items = await courseMaterials(store, courseId);
    const courseStale = items.length > 0 && courseHashes.get(courseId) !== items[0]!.courseHash;
    let planned = 0;
    for (const item of items) {
      const ref = stored.get(item.videoId);
      const upToDate = ref?.materialHash === item.videoHash && (!all || (ref.generatedAt ?? 0) >= allSince);
      if (upToDate) {
        fresh++;
        continue;
      }
      // with all, the overview is rewritten along with its course's first video of this run
      plan.push({ item, course: (courseStale || all) && planned === 0, courseOnly: false });
      planned++;
    }
    if (courseStale && planned === 0 && items.length > 0)
      plan.push({ item: items[0]!, course: true, courseOnly: true });
    if (options.yieldBetween) await turn();
  }

  const stale = plan.filter((p) => !p.courseOnly).length;
  const todo = options.limit === undefined ? plan : plan.slice(0, options.limit);
  let generated = 0;
  let failed = 0;
  let courses = 0;
  let failuresInARow = 0;
  let done = 0;
  let interrupted = false;
  const write = async <T>(fn: () => Promise<T>): Promise<T> =>
    options.yieldBetween ? await store.withoutWaiting(fn) : await fn();
  options.onProgress?.(0, todo.length, '');
  for (const { item, course, courseOnly } of todo) {
    if (options.signal?.aborted) {
      interrupted = true;
      break;
    }
    try {
      const material = { ...item.material, keywords: keyConcepts(item.material) };
      const { content, provider } = await options.writer.write(material, options.signal);
      const generatedAt = now();
      const overview: AiCourseContentRecord | null = course
        ? {
            courseId: item.courseId,
            overview: content.courseOverview,
            materialHash: item.courseHash,
            provider,
            generatedAt,
          }
        : null;
      if (courseOnly) {
        if (overview) await write(() => store.aiContent.saveCourse(overview));
      } else {
        const majors = matchMajors({
          catalogueTrail: material.catalogueTrail,
          courseName: material.courseName,
          keywords: material.keywords,
        });
        const record = {
          videoId: item.videoId,
          videoAbstract: content.videoAbstract,
          keyPoints: content.keyPoints,
          guessYouAsk: content.guessYouAsk,
          concepts: material.keywords,
          majors: majors.map((m) => m.code),
          materialHash: item.videoHash,
          provider,
          generatedAt,
        };
        await write(() => store.aiContent.save(record, overview));
        generated++;
      }
      if (overview) courses++;
      failuresInARow = 0;
    } catch (error) {
      if (options.signal?.aborted) {
        interrupted = true;
        break;
      }
      if (options.yieldBetween && isBusy(error)) {
        options.logger?.info('AI content: the database is being written by another process; the next batch goes on');
        interrupted = true;
        break;
      }
      failed++;
      failuresInARow++;
      options.logger?.warn(`AI content of video ${item.videoId} failed: ${(error as Error).message}`);
      if (failuresInARow >= MAX_FAILURES_IN_A_ROW) {
        options.logger?.warn(`stopping: ${failuresInARow} videos in a row failed`);
        done++;
        break;
      }
    }
    done++;
    options.onProgress?.(done, todo.length, item.material.videoName);
    if (options.yieldBetween) await turn();
  }

  const left = Math.max(0, stale - generated);
  if (all && left === 0 && !interrupted) await store.aiContent.setState(ALL_RUN_KEY, null);
  return {
    provider: options.writer.name,
    all,
    videos: refs.length,
    fresh,
    stale,
    generated,
    failed,
    courses,
    remaining: left,
    interrupted,
    elapsedMs: Date.now() - started,
  };
}
