import { useLocation } from 'react-router-dom';
import type { AiAskScope } from './useAiConversation';

const WHOLE_KNOWLEDGE_BASE: AiAskScope = { courseId: 0, videoId: 0 };

/** /Play and the mobile site's /m/play: both name the course and video with courseId and videoId. */
const PLAYER_PATHS = ['/play', '/m/play'];

function positiveInt(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * What the drawer asks about: on /Play (and /m/play) the course and video shown (videoId 0 = the course's first
 * video, as the URL leaves it out), anywhere else the whole knowledge base.
 */
export function useAiScope(): AiAskScope {
  const location = useLocation();
  if (!PLAYER_PATHS.includes(location.pathname.toLowerCase().replace(/\/+$/, ''))) return WHOLE_KNOWLEDGE_BASE;
  const params = new URLSearchParams(location.search);
  const courseId = positiveInt(params.get('courseId'));
  return courseId > 0 ? { courseId, videoId: positiveInt(params.get('videoId')) } : WHOLE_KNOWLEDGE_BASE;
}
