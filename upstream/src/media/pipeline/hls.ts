/**
 * HLS of a video: one ffmpeg run encodes every rendition of the ladder (the source decoded once,
 * split and scaled) and, when the source has sound, one AAC audio rendition that all of them share
 * (an EXT-X-MEDIA audio group: the sound is stored once, not once per picture size). 4 s segments,
 * each starting on a forced keyframe, so every rendition switches at the same instants.
 *
 * Layout (upstream/API.md "Media of a video"): master.m3u8, <height>p/index.m3u8 + seg_NNN.ts,
 * audio/index.m3u8 + seg_NNN.ts.
 */
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaQuality } from '../../store/media';
import { MASTER_PLAYLIST, SEGMENT_SECONDS } from './layout';
import type { MediaProbe } from './probe';
import { runFfmpeg, type FfmpegProgress } from './tools';

/** One picture size of the ladder: x264's constant quality, capped at a bit rate. */
export interface Rendition {
  height: number;
  crf: number;
  maxrateKbps: number;
  /**
   * a constant quantiser instead (crf and the cap ignored): for still slides, where crf's
   * lookahead spends a large share on each keyframe that every later frame repeats
   */
  qp?: number;
}

/** For camera recordings of lectures. */
export const DEFAULT_LADDER: readonly Rendition[] = [
  { height: 720, crf: 23, maxrateKbps: 2500 },
  { height: 360, crf: 25, maxrateKbps: 800 },
];

export interface HlsOptions {
  source: string;
  /** the video's folder; its rendition folders and master playlist are replaced */
  outDir: string;
  probe: MediaProbe;
  ladder?: readonly Rendition[];
  /** x264 preset (default veryfast) */
  preset?: string;
  /** x264 tune, e.g. stillimage for slides */
  tune?: string;
  /** output frame rate; default the source's */
  fps?: number;
  /**
   * x264's B-frames (default: its own choice). At a low frame rate each B-frame delays the first
   * picture by a whole frame behind the sound, which a player sees as a hole: use 0 there
   */
  bFrames?: number;
  /**
   * keyframes only at these seconds (e.g. where the slides of a still-image lecture change)
   * instead of every SEGMENT_SECONDS: segments then start there and are at least 4 s long; a
   * keyframe of a text slide costs far more than the 4 s of still picture after it
   */
  keyframeTimes?: readonly number[];
  audioKbps?: number;
  /** the AAC encoder's low-pass in Hz (speech needs little above 6 kHz; saves bits) */
  audioCutoffHz?: number;
  /**
   * the MPEG-TS muxer's max delay: more audio frames per packet, less packet overhead (a few
   * kb/s, which matters for low-bit-rate speech); ffmpeg's default is 0.7
   */
  muxDelaySeconds?: number;
  onProgress?: (progress: FfmpegProgress) => void;
  signal?: AbortSignal;
}

export interface HlsResult {
  /** highest first, with the BANDWIDTH the master playlist announces */
  qualities: MediaQuality[];
}

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The renditions to make of a source: the ladder's sizes that do not enlarge it, and always at
 * least two (a small source gets its own height and half of it).
 */
export function planLadder(sourceHeight: number, ladder: readonly Rendition[] = DEFAULT_LADDER): Rendition[] {
  const sorted = [...ladder].sort((a, b) => b.height - a.height);
  const fitting = sorted.filter((r) => r.height <= sourceHeight);
  if (fitting.length >= 2) return fitting;
  const top = sorted[0] ?? { height: 720, crf: 23, maxrateKbps: 2500 };
  const bottom = sorted[sorted.length - 1] ?? top;
  const own = even(Math.min(sourceHeight, top.height));
  if (fitting.length === 1 && fitting[0]!.height < own) return [{ ...top, height: own }, fitting[0]!];
  const half = even(own / 2);
  return [
    { ...top, height: own },
    { ...bottom, height: half === own ? even(own - 2) : half },
  ];
}

export interface MasterVariant {
  uri: string;
  bandwidth: number;
  width: number;
  height: number;
  audioGroup: string | null;
}

export interface MasterPlaylist {
  variants: MasterVariant[];
  /** URIs of the audio renditions */
  audio: string[];
}

const attribute = (attributes: string, name: string): string | null => {
  const match = new RegExp(`(?:^|,)${name}=("([^"]*)"|[^,]*)`).exec(attributes);
  return match ? (match[2] ?? match[1] ?? null) : null;
};

/** Reads the variants and audio renditions of a master playlist. */
export function parseMasterPlaylist(text: string): MasterPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('not an HLS playlist: the first line is not #EXTM3U');
  const variants: MasterVariant[] = [];
  const audio: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-MEDIA:')) {
      const attrs = line.slice('#EXT-X-MEDIA:'.length);
      const uri = attribute(attrs, 'URI');
      if (attribute(attrs, 'TYPE') === 'AUDIO' && uri) audio.push(uri);
    } else if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const attrs = line.slice('#EXT-X-STREAM-INF:'.length);
      let j = i + 1;
      while (j < lines.length && (lines[j] === '' || lines[j]!.startsWith('#'))) j++;
      const uri = lines[j];
      if (!uri) throw new Error('master playlist: a variant has no URI');
      const [width, height] = (attribute(attrs, 'RESOLUTION') ?? '0x0').split('x').map(Number);
      variants.push({
        uri,
        bandwidth: Number(attribute(attrs, 'BANDWIDTH') ?? 0),
        width: width ?? 0,
        height: height ?? 0,
        audioGroup: attribute(attrs, 'AUDIO'),
      });
      i = j;
    }
  }
  return { variants, audio };
}

export async function encodeHls(options: HlsOptions): Promise<HlsResult> {
  const { source, outDir, probe } = options;
  if (!probe.hasVideo) throw new Error(`没有视频画面 (no video stream in ${source})`);
  const renditions = planLadder(probe.height, options.ladder);
  const folders = renditions.map((r) => `${r.height}p`);
  // a step re-run after a crash starts from clean folders: stale segments would linger otherwise
  await Promise.all(
    [...folders, 'audio', MASTER_PLAYLIST].map((name) => rm(path.join(outDir, name), { recursive: true, force: true })),
  );

  const n = renditions.length;
  const head = `[0:v]${options.fps ? `fps=${options.fps},` : ''}format=yuv420p,split=${n}${folders.map((_, i) => `[s${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}:flags=lanczos[v${i}]`);
  const args: string[] = ['-i', source, '-filter_complex', [head, ...scales].join(';')];
  renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (probe.hasAudio) args.push('-map', '0:a:0');
  args.push('-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-profile:v', 'high');
  if (options.tune) args.push('-tune', options.tune);
  if (options.bFrames !== undefined) args.push('-bf', String(options.bFrames));
  renditions.forEach((r, i) => {
    if (r.qp !== undefined) args.push(`-qp:v:${i}`, String(r.qp));
    else
      args.push(
        `-crf:v:${i}`,
        String(r.crf),
        `-maxrate:v:${i}`,
        `${r.maxrateKbps}k`,
        `-bufsize:v:${i}`,
        `${r.maxrateKbps * 2}k`,
      );
  });
  const keyframes = options.keyframeTimes?.length
    ? [...options.keyframeTimes]
        .sort((a, b) => a - b)
        .map((t) => t.toFixed(3))
        .join(',')
    : `expr:gte(t,n_forced*${SEGMENT_SECONDS})`;
  // no keyframes of x264's own choosing: every rendition switches at the same instants
  args.push(
    '-sc_threshold',
    '0',
    '-g',
    options.keyframeTimes?.length ? '100000' : '250',
    '-force_key_frames',
    keyframes,
  );
  if (probe.hasAudio) {
    args.push('-c:a', 'aac', '-ac', '1', '-b:a', `${options.audioKbps ?? 64}k`);
    if (options.audioCutoffHz) args.push('-cutoff', String(options.audioCutoffHz));
  }
  if (options.muxDelaySeconds !== undefined) args.push('-muxdelay', String(options.muxDelaySeconds));
  const streamMap = folders.map((name, i) => `v:${i},${probe.hasAudio ? 'agroup:audio,' : ''}name:${name}`);
  if (probe.hasAudio) streamMap.push(`a:0,agroup:audio,name:audio,default:yes,language:zh-CN`);
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg_%03d.ts'),
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streamMap.join(' '),
    path.join(outDir, '%v', 'index.m3u8'),
  );
  await runFfmpeg(args, {
    durationSeconds: probe.durationMs / 1000,
    onProgress: options.onProgress,
    signal: options.signal,
  });

  // ffmpeg announces the configured rates (none at all under a constant quantiser): announce
  // what was written instead, as HLS defines it (peak segment rate, video plus its audio)
  const masterFile = path.join(outDir, MASTER_PLAYLIST);
  const audio = probe.hasAudio ? await measureRendition(path.join(outDir, 'audio')) : { peak: 0, average: 0 };
  const measured = await Promise.all(folders.map((name) => measureRendition(path.join(outDir, name))));
  const bandwidths = measured.map((m) => ({ peak: m.peak + audio.peak, average: m.average + audio.average }));
  await writeFile(masterFile, announceBandwidths(await readFile(masterFile, 'utf8'), folders, bandwidths));

  const master = parseMasterPlaylist(await readFile(masterFile, 'utf8'));
  const qualities = renditions.map((r, i): MediaQuality => {
    const variant = master.variants.find((v) => v.uri === `${folders[i]}/index.m3u8`);
    if (!variant) throw new Error(`master playlist lacks the ${folders[i]} rendition`);
    return { name: folders[i]!, height: r.height, bandwidth: variant.bandwidth };
  });
  return { qualities: qualities.sort((a, b) => b.height - a.height) };
}

/** bits per second of a rendition's segments: the highest of any segment of 1 s or more, and overall */
async function measureRendition(folder: string): Promise<{ peak: number; average: number }> {
  const playlist = await readFile(path.join(folder, 'index.m3u8'), 'utf8');
  const segments = [...playlist.matchAll(/#EXTINF:([\d.]+),[^\n]*\n(\S+)/g)].map((m) => ({
    seconds: Number(m[1]),
    file: m[2]!,
  }));
  let bits = 0;
  let seconds = 0;
  let peak = 0;
  for (const segment of segments) {
    const size = (await stat(path.join(folder, segment.file))).size * 8;
    bits += size;
    seconds += segment.seconds;
    if (segment.seconds >= 1 || segments.length === 1) peak = Math.max(peak, size / Math.max(segment.seconds, 0.001));
  }
  return { peak: Math.ceil(peak), average: seconds > 0 ? Math.ceil(bits / seconds) : 0 };
}

/** The master playlist with each rendition's BANDWIDTH and AVERAGE-BANDWIDTH set to these. */
function announceBandwidths(
  master: string,
  folders: readonly string[],
  bandwidths: readonly { peak: number; average: number }[],
): string {
  const lines = master.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('#EXT-X-STREAM-INF:')) continue;
    let j = i + 1;
    while (j < lines.length && (lines[j]!.trim() === '' || lines[j]!.startsWith('#'))) j++;
    const at = folders.findIndex((f) => lines[j]?.trim() === `${f}/index.m3u8`);
    if (at < 0) continue;
    const { peak, average } = bandwidths[at]!;
    lines[i] = lines[i]!.replace(/,AVERAGE-BANDWIDTH=\d+/, '').replace(
      /BANDWIDTH=\d+/,
      `BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average}`,
    );
  }
  return lines.join('\n');
}
