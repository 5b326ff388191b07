import type { TextTrack, TextTrackList } from '@vidstack/react';
import { SUBTITLE_LOAD_FAILED } from './constants';

/** The kinds of track the player shows as subtitles. */
const isSubtitles = (track: TextTrack) => track.kind === 'subtitles' || track.kind === 'captions';

/** vidstack's TextTrack readyState for a track whose file failed to load or parse. */
const TRACK_ERROR = 3;

/**
 * Calls `onError` when a subtitle track of the list fails to load (vidstack's TextTrack `error`
 * event: the file answered an error or is not WebVTT), also for a track that failed before this
 * was set up. vidstack loads a track only once it is turned on, so this is the moment the viewer
 * asked for subtitles. Returns the function that stops watching.
 */
export function watchSubtitleErrors(tracks: TextTrackList, onError: (track: TextTrack) => void): () => void {
  const watched = new Map<TextTrack, () => void>();
  const watch = (track: TextTrack) => {
    if (!isSubtitles(track) || watched.has(track)) return;
    const listener = () => onError(track);
    track.addEventListener('error', listener);
    watched.set(track, listener);
    if (track.readyState === TRACK_ERROR) onError(track);
  };
  const unwatch = (track: TextTrack) => {
    const listener = watched.get(track);
    if (listener) track.removeEventListener('error', listener);
    watched.delete(track);
  };
  const onAdd = (event: Event) => watch((event as CustomEvent<TextTrack>).detail);
  const onRemove = (event: Event) => unwatch((event as CustomEvent<TextTrack>).detail);
  tracks.addEventListener('add', onAdd);
  tracks.addEventListener('remove', onRemove);
  for (const track of tracks.toArray()) watch(track);
  return () => {
    tracks.removeEventListener('add', onAdd);
    tracks.removeEventListener('remove', onRemove);
    for (const track of [...watched.keys()]) unwatch(track);
  };
}

/**
 * §8 "Subtitle URL failure: the server message is shown". vidstack does not keep the answer of a
 * failed subtitle file, so it is asked again: a refusal of our media server is a JSON envelope
 * with a Chinese `message` (文件不存在); anything else (a network failure, a file that is not
 * WebVTT) gives 字幕加载失败.
 */
export async function subtitleFailureMessage(
  src: string | undefined,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<string> {
  if (!src || typeof fetchFn !== 'function') return SUBTITLE_LOAD_FAILED;
  try {
    const response = await fetchFn(src, { credentials: 'same-origin' });
    if (response.ok) return SUBTITLE_LOAD_FAILED;
    if (!/json/i.test(response.headers.get('content-type') ?? '')) return SUBTITLE_LOAD_FAILED;
    const body = (await response.json()) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message.trim() : '';
    return message !== '' && message.length <= 100 ? message : SUBTITLE_LOAD_FAILED;
  } catch {
    return SUBTITLE_LOAD_FAILED;
  }
}
