import { Text } from '@chakra-ui/react';
import { CONTINUE_LEARNING_TEXT } from './continueLearningText';

/** How far the viewer watched one video of the outline (课程目录): 已看完, or 已看 N% (nothing before 1 %). */
export interface VideoProgressOf {
  readonly videoId: number;
  readonly percent: number;
  readonly learned: boolean;
}

/** The course's progress by video id, from Course.viewerProgress.videos (null: a visitor, nothing watched). */
export function progressByVideo(
  videos: readonly VideoProgressOf[] | null | undefined,
): ReadonlyMap<number, VideoProgressOf> {
  return new Map((videos ?? []).map((video) => [video.videoId, video]));
}

export function VideoProgressMark({ progress }: { readonly progress: VideoProgressOf | undefined }) {
  if (!progress || (!progress.learned && progress.percent < 1)) return null;
  const text = progress.learned
    ? CONTINUE_LEARNING_TEXT.watched
    : CONTINUE_LEARNING_TEXT.watchedPercent(progress.percent);
  return (
    <Text
      as="span"
      data-testid="video-progress"
      fontSize="xs"
      flexShrink={0}
      pt="0.5"
      color={progress.learned ? 'green.700' : 'orange.700'}
      fontWeight="normal"
    >
      {text}
    </Text>
  );
}
