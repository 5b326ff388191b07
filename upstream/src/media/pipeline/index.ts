/**
 * The media pipeline (upstream/API.md "Media of a video"): ffmpeg-made HLS renditions, posters,
 * keyframe thumbnails, WebVTT subtitles and manuscripts, exact MP4 clips, and the resumable job
 * runner that imports run in. Needs ffmpeg and ffprobe (FFMPEG_PATH / FFPROBE_PATH).
 */
export { PARTIAL_CLIP_SUFFIX, clipToMp4, type ClipOptions, type ClipResult } from './clip';
export {
  DEFAULT_LADDER,
  encodeHls,
  parseMasterPlaylist,
  planLadder,
  type HlsOptions,
  type MasterPlaylist,
  type Rendition,
} from './hls';
export { POSTER_WIDTH, THUMBNAIL_WIDTH, clampToMedia, extractFrame } from './images';
export {
  buildFingerprint,
  folderSteps,
  importVideoMedia,
  type ImportOutcome,
  type KeyframeFiles,
  type MediaBuild,
  type SubtitleFiles,
  type VideoImport,
} from './import-video';
export { runMediaJob, type JobDefinition, type JobOutcome, type JobStep, type StepContext } from './jobs';
export * from './layout';
export { probeMedia, type MediaProbe } from './probe';
export { silentReporter, terminalReporter, type ProgressReporter } from './progress';
export {
  SubtitleFormatError,
  buildManuscript,
  buildWebVtt,
  fitToDuration,
  formatVttTime,
  parseSrt,
  parseSubtitleFile,
  parseTimedText,
  parseTimestamp,
  parseWebVtt,
} from './subtitles';
export {
  MediaToolError,
  MediaToolMissingError,
  checkMediaTools,
  ffmpegPath,
  ffprobePath,
  runFfmpeg,
  type FfmpegProgress,
} from './tools';
export { importFolder, type FolderImportResult } from './import-folder';
export { MANIFEST_FILE, ManifestError, parseManifest, readManifest, type Manifest } from './manifest';
