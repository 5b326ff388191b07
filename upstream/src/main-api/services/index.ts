/** The services of the main API, wired once per server over one store. */
import type { StreamingSlots } from '../../ai/streaming-slots';
import { createFlowQuestionService, type FlowQuestionService } from './flow-question';
import { createAnswerProvider } from '../../ai/providers';
import { DEFAULT_AI_MAX_CONCURRENT, type AiConfig } from '../../config';
import type { Logger } from '../../logger';
import type { MainApiData } from '../data';
import { createAiContentService, type AiContentService } from './ai-content-service';
import { createCatalogueService, type CatalogueService } from './catalogue-service';
import { requireMember } from './center-user';
import { createCourseService, type CourseService } from './course-service';
import { createDanmakuService, type DanmakuService } from './danmaku-service';
import { createFavouriteService, type FavouriteService } from './favourite-service';
import { createFragmentService, type FragmentService } from './fragment-service';
import { createHistoryService, type HistoryService } from './history-service';
import { createHomeService, type HomeService } from './home-service';
import { createLearningProgressService, type LearningProgressService } from './learning-progress-service';
import { createLecturerService, type LecturerService } from './lecturer-service';
import { createMessageService, type MessageService } from './message-service';
import { createNoteService, type NoteService } from './note-service';
import { createOperateService, type OperateService } from './operate-service';
import { createPlayLogService, type PlayLogService } from './play-log-service';
import { createPlayService, type PlayService } from './play-service';
import { createSearchService, type SearchService } from './search-service';
import { createSuggestService, type SuggestService } from './suggest-service';
import { createTopicService, type TopicService } from './topic-service';
import { createVisitLogService, type VisitLogService } from './visit-log-service';

export interface Services {
  catalogues: CatalogueService;
  courses: CourseService;
  home: HomeService;
  lecturers: LecturerService;
  play: PlayService;
  topics: TopicService;
  visitLogs: VisitLogService;
  search: SearchService;
  /** suggestions under the search box */
  suggestions: SuggestService;
  /** the personal centre */
  notes: NoteService;
  favourites: FavouriteService;
  history: HistoryService;
  /** 继续学习: courses watched and how far */
  learning: LearningProgressService;
  messages: MessageService;
  fragments: FragmentService;
  /** the play page */
  operations: OperateService;
  playLogs: PlayLogService;
  danmaku: DanmakuService;
  /** the AI Q&A's streamed answers */
  flowQuestions: FlowQuestionService;
  /** the AI content block and suggested questions, written ahead by the content job */
  aiContent: AiContentService;
  /**
   * the userType rule of likes, favourites, notes and clips, for a route to judge before it reads
   * the other parameters (upstream/API.md: judged before the video, the times or the text)
   */
  members: { require(userId: number): Promise<void> };
}

export interface ServicesOptions {
  logger?: Logger;
  /** the AI provider's settings (config.ai); the retrieval provider when absent */
  ai?: AiConfig;
  /**
   * the server's clock: the search log and hot keywords, the day of a counted view, the danmaku
   * rate limit, the times of notes, likes, fragments and play records (tests move it)
   */
  now?: () => number;
  /** where AI answers streaming at once are counted (default: this process; replicas: Redis) */
  aiSlots?: StreamingSlots;
  /** where the clips being cut are counted (default: this process; replicas: Redis) */
  clipSlots?: StreamingSlots;
}

export function createServices(store: MainApiData, options: ServicesOptions = {}): Services {
  const catalogues = createCatalogueService(store);
  const courses = createCourseService(store, catalogues);
  const now = options.now ?? Date.now;
  const search = createSearchService(store, { logger: options.logger, now: options.now });
  return {
    catalogues,
    courses,
    home: createHomeService(store),
    lecturers: createLecturerService(store, catalogues),
    play: createPlayService(store, catalogues, courses, now),
    topics: createTopicService(store),
    visitLogs: createVisitLogService(store),
    search,
    suggestions: createSuggestService(store, search),
    notes: createNoteService(store, now),
    favourites: createFavouriteService(store),
    history: createHistoryService(store),
    learning: createLearningProgressService(store),
    messages: createMessageService(store),
    fragments: createFragmentService(store, { now, logger: options.logger, slots: options.clipSlots }),
    operations: createOperateService(store, now),
    playLogs: createPlayLogService(store, now),
    danmaku: createDanmakuService(store, now),
    flowQuestions: createFlowQuestionService(store, {
      provider: createAnswerProvider(
        options.ai ?? {
          provider: 'retrieval',
          baseUrl: null,
          apiKey: null,
          chatModel: '',
          reasoningModel: '',
          maxConcurrent: DEFAULT_AI_MAX_CONCURRENT,
          embeddingModel: null,
          retrievalPaceMs: 0,
        },
      ),
      maxStreaming: options.ai?.maxConcurrent,
      slots: options.aiSlots,
      now,
      logger: options.logger,
    }),
    aiContent: createAiContentService(store, courses),
    members: {
      async require(userId) {
        await requireMember(store, userId);
      },
    },
  };
}
