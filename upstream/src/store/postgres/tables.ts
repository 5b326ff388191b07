/**
 * The PostgreSQL tables as Kysely sees them (migrations.ts creates them). Names are the embedded
 * engine's (store/migrations), so one upstream/API.md describes both; times are unix milliseconds
 * (int8, read as numbers), flags are booleans.
 */
import type { ColumnType, Generated } from 'kysely';

/** a column the database fills when the insert leaves it out */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface CataloguesTable {
  id: number;
  parent_id: Defaulted<number>;
  level: number;
  name: string;
  sort: Defaulted<number>;
}

export interface CatalogueClosureTable {
  ancestor_id: number;
  descendant_id: number;
  depth: number;
}

export interface LecturersTable {
  id: number;
  name: string;
  name_pinyin: string;
  first_word: string;
  position: string;
  school: string;
  intro_html: string;
  catalogue_id: number | null;
  recommended: Defaulted<number>;
  sort: Defaulted<number>;
  image: string;
}

export interface CoursesTable {
  id: number;
  catalogue_id: number;
  lecturer_id: number;
  name: string;
  info: string;
  exclusive: Defaulted<boolean>;
  view_count: Defaulted<number>;
  collect_count: Defaulted<number>;
  like_count: Defaulted<number>;
  note_count: Defaulted<number>;
  publish_time: number;
  update_time: number;
  recommend_position: number | null;
  select_position: number | null;
  image: string;
}

export interface VideosTable {
  id: number;
  course_id: number;
  sort: number;
  name: string;
  proper_title: string;
  code: string;
  abstract: string;
  duration_seconds: number;
  publish_time: number;
  image: string;
}

export interface VideoKeyframesTable {
  video_id: number;
  seq: number;
  time_point: number;
  key_points: string;
  description: string;
  image: Defaulted<string>;
}

export interface VideoTranscriptsTable {
  video_id: number;
  seq: number;
  text: string;
  start_ms: Defaulted<number>;
  end_ms: Defaulted<number>;
}

export interface TopicsTable {
  id: number;
  title: string;
  info: string;
  sort: Defaulted<number>;
  publish_time: number;
  image: string;
}

export interface TopicCoursesTable {
  topic_id: number;
  course_id: number;
  position: number;
}

export interface BannersTable {
  id: number;
  title: string;
  image: string;
  goto_url: string;
  sort: Defaulted<number>;
}

export interface VisitLogsTable {
  id: Generated<number>;
  act_id: Defaulted<string>;
  customer_code: Defaulted<string>;
  customer_id: Defaulted<string>;
  customer_name: Defaulted<string>;
  module_name: Defaulted<string>;
  page_url: string;
  previous_page_url: Defaulted<string>;
  product_ids: Defaulted<string>;
  source_type: Defaulted<string>;
  user_id: Defaulted<string>;
  user_name: Defaulted<string>;
  client_ip: Defaulted<string>;
  created_at: number;
}

export interface OrganisationsTable {
  com_id: Generated<number>;
  name: string;
  com_code: Defaulted<string>;
  gid: Defaulted<string>;
  enabled: Defaulted<boolean>;
  created_at: number;
}

export interface OrganisationIpRangesTable {
  id: Generated<number>;
  com_id: number;
  cidr: string;
}

export interface UsersTable {
  user_id: Generated<number>;
  user_name: string;
  password_hash: string | null;
  user_type: number;
  com_id: number | null;
  real_name: Defaulted<string>;
  phone: Defaulted<string>;
  email: Defaulted<string>;
  head_picture: Defaulted<string>;
  gender: Defaulted<number>;
  address: Defaulted<string>;
  birthday: Defaulted<string>;
  school: Defaulted<string>;
  major: Defaulted<string>;
  class_name: Defaulted<string>;
  student_id: Defaulted<string>;
  info: Defaulted<string>;
  qq_bind_state: Defaulted<number>;
  weixin_bind_state: Defaulted<number>;
  weibo_bind_state: Defaulted<number>;
  enabled: Defaulted<boolean>;
  org_identity_of: number | null;
  created_at: number;
}

export interface TokensTable {
  token_hash: string;
  user_id: number;
  kind: 'password' | 'network' | 'company';
  created_at: number;
  expires_at: number;
  last_used_at: number;
}

export interface PasswordResetRequestsTable {
  id: Generated<number>;
  user_name: string;
  contact: string;
  client_ip: string;
  created_at: number;
  handled_at: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account_key: string;
  client_ip: string;
  created_at: number;
}

export interface LoginKnownAddressesTable {
  user_id: number;
  address: string;
  last_signed_in: number;
}

export interface SearchLogTable {
  keyword: string;
  searcher: string;
  day: number;
  searched_at: number;
}

export interface AiQuestionsTable {
  id: Generated<number>;
  user_id: number;
  client_id: Defaulted<string>;
  model: string;
  provider: string;
  question: string;
  course_id: Defaulted<number>;
  video_id: Defaulted<number>;
  asked_at: number;
  chunks: Defaulted<number>;
  sources: Defaulted<string>;
  outcome: Defaulted<'streaming' | 'end' | 'err' | 'aborted'>;
  ended_at: number | null;
}

export interface AiVideoContentTable {
  video_id: number;
  abstract: string;
  /** jsonb: written as JSON text, read as values */
  key_points: ColumnType<unknown, string, string>;
  guess_you_ask: ColumnType<string[], string, string>;
  concepts: ColumnType<string[], string, string>;
  majors: ColumnType<string[], string, string>;
  material_hash: string;
  provider: string;
  generated_at: number;
}

export interface AiCourseContentTable {
  course_id: number;
  overview: string;
  material_hash: string;
  provider: string;
  generated_at: number;
}

export interface AiContentStateTable {
  key: string;
  value: string;
}

export interface VideoMediaTable {
  video_id: number;
  folder: string;
  master_path: string;
  /** jsonb: written as JSON text, read as values */
  qualities: ColumnType<unknown, string, string>;
  poster: string;
  subtitle_path: string;
  manuscript_path: string;
  duration_ms: number;
  source: string;
  updated_at: number;
}

export interface MediaJobsTable {
  id: Generated<number>;
  job_key: string;
  kind: string;
  status: 'running' | 'done' | 'failed';
  error: Defaulted<string>;
  created_at: number;
  updated_at: number;
}

export interface MediaJobStepsTable {
  job_id: number;
  step: string;
  result: ColumnType<unknown, string, string>;
  finished_at: number;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface PostgresTables {
  catalogues: CataloguesTable;
  catalogue_closure: CatalogueClosureTable;
  lecturers: LecturersTable;
  courses: CoursesTable;
  videos: VideosTable;
  video_keyframes: VideoKeyframesTable;
  video_transcripts: VideoTranscriptsTable;
  topics: TopicsTable;
  topic_courses: TopicCoursesTable;
  banners: BannersTable;
  visit_logs: VisitLogsTable;
  organisations: OrganisationsTable;
  organisation_ip_ranges: OrganisationIpRangesTable;
  users: UsersTable;
  tokens: TokensTable;
  password_reset_requests: PasswordResetRequestsTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  search_log: SearchLogTable;
  ai_questions: AiQuestionsTable;
  ai_video_content: AiVideoContentTable;
  ai_course_content: AiCourseContentTable;
  ai_content_state: AiContentStateTable;
  video_media: VideoMediaTable;
  media_jobs: MediaJobsTable;
  media_job_steps: MediaJobStepsTable;
  schema_migrations: SchemaMigrationsTable;
}
