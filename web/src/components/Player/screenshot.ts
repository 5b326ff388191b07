import { formatMmSs } from '../../lib/formatTime';

/** `<video name>_<mm-ss>.png`, without characters file systems refuse. */
export function screenshotFileName(videoName: string, seconds: number): string {
  const name =
    videoName
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || '视频截图';
  return `${name}_${formatMmSs(seconds).replace(':', '-')}.png`;
}

/**
 * Draws the current frame of the video into a canvas and downloads it as PNG. Works for media of
 * the page's own origin (a cross-origin frame would taint the canvas). Resolves false when no
 * frame can be had (nothing decoded yet, or a tainted canvas).
 */
export async function captureFrame(video: HTMLVideoElement, fileName: string): Promise<boolean> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return false;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return false;
  try {
    context.drawImage(video, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return false;
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    return false;
  }
}
