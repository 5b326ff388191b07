/** The services of the main API, wired once per server over one store. */
import type { Logger } from '../../logger';
import type { Store } from '../../store';
import { createCatalogueService, type CatalogueService } from './catalogue-service';
import { createCourseService, type CourseService } from './course-service';
import { createFavouriteService, type FavouriteService } from './favourite-service';
import { createFragmentService, type FragmentService } from './fragment-service';
import { createHistoryService, type HistoryService } from './history-service';
import { createHomeService, type HomeService } from './home-service';
import { createLecturerService, type LecturerService } from './lecturer-service';
import { createMessageService, type MessageService } from './message-service';
import { createNoteService, type NoteService } from './note-service';
import { createPlayService, type PlayService } from './play-service';
import { createSearchService, type SearchService } from './search-service';
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
  /** the personal centre */
  notes: NoteService;
  favourites: FavouriteService;
  history: HistoryService;
  messages: MessageService;
  fragments: FragmentService;
}

export interface ServicesOptions {
  logger?: Logger;
  /** the clock of the search log and the hot keywords (tests move it past caches) */
  now?: () => number;
}

export function createServices(store: Store, options: ServicesOptions = {}): Services {
  const catalogues = createCatalogueService(store);
  const courses = createCourseService(store, catalogues);
  return {
    catalogues,
    courses,
    home: createHomeService(store),
    lecturers: createLecturerService(store, catalogues),
    play: createPlayService(store, catalogues, courses),
    topics: createTopicService(store),
    visitLogs: createVisitLogService(store),
    search: createSearchService(store, { logger: options.logger, now: options.now }),
    notes: createNoteService(store),
    favourites: createFavouriteService(store),
    history: createHistoryService(store),
    messages: createMessageService(store),
    fragments: createFragmentService(store),
  };
}
