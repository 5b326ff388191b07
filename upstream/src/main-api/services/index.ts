/** The services of the main API, wired once per server over one store. */
import type { Store } from '../../store';
import { createCatalogueService, type CatalogueService } from './catalogue-service';
import { createCourseService, type CourseService } from './course-service';
import { createHomeService, type HomeService } from './home-service';
import { createLecturerService, type LecturerService } from './lecturer-service';
import { createPlayService, type PlayService } from './play-service';
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
}

export function createServices(store: Store): Services {
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
  };
}
