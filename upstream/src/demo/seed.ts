/**
 * Writes generated demo content into a fresh store: the images into the media directory first
 * (files cannot join the transaction; rewriting them on a retry is harmless), then every row in
 * one transaction, so a failure leaves the store empty and the next start seeds again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seedDemoMedia } from './media/seed-media';
import type { DemoContent } from './types';
import { sanitizeHtml } from '../text/sanitize-html';
import type { Store } from '../store';

export interface SeedSummary {
  catalogues: number;
  lecturers: number;
  courses: number;
  videos: number;
  topics: number;
  banners: number;
  images: number;
  searches: number;
  /** demo lectures copied, and videos whose own lecture is made when first opened (absent: the content has no lectures) */
  media?: { lectures: number; onOpen: number };
}

/** Resolves a media-relative path, refusing anything that would land outside mediaDir. */
export function mediaFilePath(mediaDir: string, relative: string): string {
  const root = path.resolve(mediaDir);
  const target = path.resolve(root, relative);
  if (path.isAbsolute(relative) || relative.includes('\0') || !target.startsWith(root + path.sep)) {
    throw new Error(`demo image path escapes the media directory: ${JSON.stringify(relative)}`);
  }
  return target;
}

/** what seeding the content needs of a store: the content members and a transaction (either engine) */
export type ContentWriter = Pick<
  Store,
  'catalogues' | 'lecturers' | 'courses' | 'videos' | 'topics' | 'banners' | 'searchLogs' | 'transaction'
> & { readonly mediaDir: string };

const time = (iso: string, what: string): number => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`invalid date for ${what}: ${JSON.stringify(iso)}`);
  return ms;
};

export async function seedDemoContent(
  store: ContentWriter,
  content: DemoContent,
  mediaDir: string = store.mediaDir,
): Promise<SeedSummary> {
  for (const image of content.images) {
    const file = mediaFilePath(mediaDir, image.path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, image.body);
  }

  await store.transaction(async () => {
    // Parents first: the closure rows of a node are derived from its parent's.
    const catalogues = [...content.catalogues].sort((a, b) => a.level - b.level || a.id - b.id);
    for (const c of catalogues) await store.catalogues.insert(c);

    for (const l of content.lecturers) {
      await store.lecturers.insert({
        id: l.id,
        name: l.name,
        position: l.position,
        school: l.school,
        introHtml: sanitizeHtml(l.introHtml),
        catalogueId: l.catalogueId || null,
        recommended: l.recommended,
        sort: l.sort,
        image: l.image,
      });
    }

    for (const c of content.courses) {
      await store.courses.insert({
        id: c.id,
        catalogueId: c.catalogueId,
        lecturerId: c.lecturerId,
        name: c.name,
        info: c.info,
        exclusive: c.exclusive,
        viewCount: c.viewCount,
        collectCount: c.collectCount,
        likeCount: c.likeCount,
        noteCount: c.noteCount,
        publishTime: time(c.publishTime, `course ${c.id}`),
        updateTime: time(c.updateTime, `course ${c.id}`),
        recommendPosition: c.recommended,
        selectPosition: c.selected,
        image: c.image,
      });
    }

    for (const v of content.videos) {
      await store.videos.insert({
        id: v.id,
        courseId: v.courseId,
        sort: v.sort,
        name: v.name,
        properTitle: v.properTitle,
        code: v.code,
        abstract: v.abstract,
        durationSeconds: v.durationSeconds,
        publishTime: time(v.publishTime, `video ${v.id}`),
        image: v.image,
        keyframes: v.keyframes,
        transcript: v.transcript,
      });
    }

    for (const t of content.topics) {
      await store.topics.insert({
        id: t.id,
        title: t.title,
        info: t.info,
        sort: t.sort,
        publishTime: time(t.publishTime, `topic ${t.id}`),
        image: t.image,
        courseIds: t.courseIds,
      });
    }

    for (const b of content.banners) {
      await store.banners.insert({ id: b.id, title: b.title, image: b.imageUrl, gotoUrl: b.gotoUrl, sort: b.sort });
    }

    // the hot keywords' month of history, logged (and normalised) as the search API logs a search
    for (const search of content.searches ?? []) {
      await store.searchLogs.record(search.keyword, search.searcher, time(search.at, `search of ${search.keyword}`));
    }
  });

  return {
    catalogues: content.catalogues.length,
    lecturers: content.lecturers.length,
    courses: content.courses.length,
    videos: content.videos.length,
    topics: content.topics.length,
    banners: content.banners.length,
    images: content.images.length,
    searches: content.searches?.length ?? 0,
  };
}

/**
 * Seeds only a store without content, so every start may call it. The content is generated
 * lazily: an existing store costs nothing. The demo content also gets its media: the committed
 * demo lectures (upstream/demo-media) are copied in for the videos they were made for, and every
 * other demo video waits for its own, made when it is first opened (demo/media/plan.ts), in the
 * same transaction as the content; other content gets none.
 */
export async function seedIfEmpty(store: Store, generate: () => DemoContent): Promise<SeedSummary | null> {
  if (!(await store.isEmpty())) return null;
  const content = generate();
  // immediate: main APIs starting together on one database seed it once (the others find it full)
  return store.immediateTransaction(async () => {
    if (!(await store.isEmpty())) return null;
    const summary = await seedDemoContent(store, content, store.mediaDir);
    const media = await seedDemoMedia(store, content.videos);
    return media ? { ...summary, media } : summary;
  });
}

export function describeSeed(summary: SeedSummary): string {
  return (
    `${summary.catalogues} catalogues, ${summary.lecturers} lecturers, ${summary.courses} courses, ` +
    `${summary.videos} videos, ${summary.topics} topics, ${summary.banners} banners, ${summary.images} images, ` +
    `${summary.searches} searches` +
    (summary.media
      ? `, ${summary.media.lectures} demo lectures (${summary.media.onOpen} more made when first opened)`
      : '')
  );
}
