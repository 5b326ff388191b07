/** The Chinese texts of 继续学习 and of the outline's progress marks. */
export const CONTINUE_LEARNING_TEXT = {
  title: '继续学习',
  resume: '继续学习',
  stoppedAt: '上次学到',
  finished: '已看完',
  /** the last video was finished: the card opens the next one */
  next: (numberShow: string) => `下一讲 ${numberShow}`,
  learned: (learned: number, total: number) => `已学 ${learned}/${total} 讲`,
  /** the outline's mark of a video the viewer has watched */
  watched: '已看完',
  watchedPercent: (percent: number) => `已看 ${percent}%`,
} as const;

/** A video of a course and the second to start at (what a 继续学习 card opens). */
export interface PlayTargetOf {
  readonly courseId: number;
  readonly catalogueId: number;
  readonly videoId: number | null;
  readonly vtime: number | null;
}
