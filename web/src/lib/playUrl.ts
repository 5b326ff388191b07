/** A video on the player page (§2 /Play: courseId, catalogId, optional videoId and vtime), which opens in a new tab. */
export function videoPlayUrl(video: {
  readonly courseId: number;
  readonly catalogueId: number;
  readonly videoId?: number | null;
  /** Second to start at. */
  readonly vtime?: number | null;
}): string {
  const params = new URLSearchParams({ courseId: String(video.courseId), catalogId: String(video.catalogueId) });
  if (video.videoId !== undefined && video.videoId !== null) params.set('videoId', String(video.videoId));
  if (video.vtime !== undefined && video.vtime !== null)
    params.set('vtime', String(Math.max(0, Math.floor(video.vtime))));
  return `/Play?${params.toString()}`;
}
