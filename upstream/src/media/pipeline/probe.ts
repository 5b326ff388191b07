/** What a media file is: its real length and the streams it has, read with ffprobe. */
import { MediaToolError, ffprobeJson } from './tools';

export interface MediaProbe {
  durationMs: number;
  /** the first video stream's size; 0 when there is no video */
  width: number;
  height: number;
  hasVideo: boolean;
  hasAudio: boolean;
  /** frames per second of the first video stream; 0 when unknown */
  frameRate: number;
}

interface ProbeAnswer {
  format?: { duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string; avg_frame_rate?: string }[];
}

const rate = (text: string | undefined): number => {
  const [n, d] = (text ?? '').split('/').map(Number);
  return n && d ? n / d : 0;
};

export async function probeMedia(file: string, env?: NodeJS.ProcessEnv): Promise<MediaProbe> {
  const answer = (await ffprobeJson(
    file,
    ['-show_entries', 'format=duration:stream=codec_type,width,height,duration,avg_frame_rate'],
    { env },
  )) as ProbeAnswer;
  const streams = answer.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const seconds = Number(answer.format?.duration ?? video?.duration ?? audio?.duration ?? NaN);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new MediaToolError(`无法读取媒体时长 (no duration in ${file})`);
  }
  return {
    durationMs: Math.round(seconds * 1000),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    frameRate: rate(video?.avg_frame_rate),
  };
}
