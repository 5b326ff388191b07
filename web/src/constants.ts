/** Business constants of product-spec §9 as the web client uses them (the upstream enforces them too). */

export const PAGE_SIZE = {
  /** Catalogue listing (CatalogueView). */
  catalogue: 20,
  search: 21,
  lecturers: 18,
  lecturerCourses: 18,
  topics: 12,
  relatedCourses: 10,
} as const;

export const HOME = {
  /** Recommended courses: the first load, then each scroll load. */
  recommendedFirst: 14,
  recommendedNext: 12,
  selectedCourses: 10,
  lecturersPerBatch: 9,
  featuredTopics: 6,
  banners: 5,
  /** Courses shown inside a special-topic slide. */
  coursesPerTopicSlide: 4,
  /** Banner autoplay interval. */
  bannerIntervalMs: 5000,
  topicIntervalMs: 6000,
} as const;

export const TEXT_LIMIT = {
  siteSearch: 50,
  aiQuestion: 200,
  note: 500,
  profileIntro: 400,
  playerComment: 30,
} as const;

/**
 * Site search (product-spec §9): a tab's page size is PAGE_SIZE.search (21); the all-tab shows
 * previews of each group; the right panel shows 8 hot keywords, 2 special topics and the 5 newest
 * history entries.
 */
export const SEARCH = {
  previewCourses: 21,
  previewKnowledgePoints: 10,
  previewTopics: 4,
  previewLecturers: 8,
  hotKeywords: 8,
  panelTopics: 2,
  /** History entries kept (newest first, deduplicated) and shown. */
  historyShown: 5,
} as const;

/** /search?menuIndex= tabs (综合, 课程, 知识点, 专题, 讲师). */
export const SEARCH_MENU = {
  all: 0,
  courses: 1,
  knowledgePoints: 2,
  topics: 3,
  lecturers: 4,
} as const;

/** Texts of the search page that §2 and §5 give word for word (the gateway answers the same two keyword errors). */
export const SEARCH_TEXT = {
  noKeyword: '请输入搜索关键词',
  keywordTooLong: '搜索关键词不能超过50个字',
  /** A control character or a direction override (the text policy, lib/userText). */
  keywordBadCharacters: '搜索关键词包含无法显示的字符',
  noResults: '暂无结果',
} as const;

/** localStorage key of the local search history (a JSON array of keywords, newest first). */
export const SEARCH_HISTORY_KEY = 'szykt.searchHistory';

/** Avatar upload (product-spec §5 image upload; the login service checks the same). */
export const AVATAR_UPLOAD = {
  /** 单文件大小不能超过10240kb: the chosen file, in KB of 1024 bytes. */
  maxFileKb: 10240,
  /** The square crop and the uploaded image, in pixels; also the least width and height of the chosen image. */
  size: 300,
  /** The zoom slider runs 0..100; the cropper zooms its image 1..maxZoom times. */
  zoomSliderMax: 100,
  maxZoom: 3,
} as const;

/** Infinite scroll loads the next page when the list end is within this many pixels of the viewport bottom. */
export const SCROLL_LOAD_TRIGGER_PX = 50;

/** Sidebar catalogue tree: children visible before 展开. */
export const CATALOGUE_TREE_VISIBLE_CHILDREN = 5;

/** Default user type (anonymous); -1 and 0 mean not logged in. */
export const ANONYMOUS_USER_TYPES: readonly number[] = [-1, 0];

/** /center?position= tabs (我的课程, 我的笔记, 历史记录, 消息, 个人资料, 账户设置, 截取片段). */
export const CENTER_POSITION = {
  courses: 0,
  notes: 1,
  history: 2,
  messages: 3,
  profile: 4,
  account: 5,
  fragments: 6,
} as const;

/**
 * Page sizes of the personal centre's lists (product-spec §9): collect list and fragments 10000,
 * notes 1000, messages 1000. The gateway maps `first` onto the upstream pageSize one to one;
 * a further page loads when the list end scrolls into view.
 */
export const CENTER_PAGE_SIZE = { courses: 10000, fragments: 10000, notes: 1000, messages: 1000 } as const;

/** Texts of the personal centre that §2 and §8 give word for word. */
export const CENTER_TEXT = {
  fragmentDeleteConfirm: '删除片段后不可恢复，确定删除吗？',
  /** §8: note delete or collection-removal failure. */
  noteOperationFailed: '操作失败',
} as const;

/** Kept-alive route entries (besides the visible one) before the least recently used is evicted. */
export const KEEP_ALIVE_MAX_HIDDEN = 5;

/** localStorage key remembering that the operation guide was shown once. */
export const GUIDE_SEEN_KEY = 'szykt.operationGuideSeen';

export const MESSAGES = {
  emptyInput: '请输入内容',
  mobileOnly: '请从手机端查看',
  noMore: '没有更多了',
  loading: '加载中...',
} as const;

/** Sort select of catalogue listings (schema enum CourseOrder = upstream orderBy of §9). */
export type CourseOrderValue = 'LATEST' | 'MOST_PLAYED' | 'MOST_NOTES' | 'MOST_FAVOURITED';
export const COURSE_ORDER_OPTIONS: ReadonlyArray<{ value: CourseOrderValue; label: string }> = [
  { value: 'LATEST', label: '最新' },
  { value: 'MOST_PLAYED', label: '最多播放' },
  { value: 'MOST_NOTES', label: '最多笔记' },
  { value: 'MOST_FAVOURITED', label: '最多收藏' },
];

/** Sort select of the lecturer list (schema enum AuthorSort = upstream GetListByPage sortType 0..3). */
export type LecturerSortValue = 'DEFAULT' | 'MOST_COURSES' | 'MOST_PLAYED' | 'NAME';
export const LECTURER_SORT_OPTIONS: ReadonlyArray<{ value: LecturerSortValue; label: string }> = [
  { value: 'DEFAULT', label: '默认排序' },
  { value: 'MOST_COURSES', label: '课程最多' },
  { value: 'MOST_PLAYED', label: '播放最多' },
  { value: 'NAME', label: '姓名 A-Z' },
];

/** The lecturer list's alphabet bar: the pinyin initial of the surname (曾 files under Z). */
export const LECTURER_LETTERS: readonly string[] = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** Other topics shown under a topic on /special/des (product-spec §2). */
export const MORE_TOPICS = 6;

/** Texts of /special, /author and /authorDes. */
export const TOPIC_LECTURER_TEXT = {
  topicsTitle: '推荐专题',
  lecturersTitle: '名校名师',
  lecturerCount: (n: number) => `当前共 ${n} 位老师`,
  topicCount: (n: number) => `共 ${n} 个专题`,
  backToList: '返回列表',
  relatedCourses: '相关课程',
  courseVideoCount: (courses: number, videos: number) => `共 ${courses} 门课程，${videos} 个视频`,
  topicNotFound: '专题不存在',
  lecturerNotFound: '讲师不存在',
  allLetters: '全部',
  allCatalogues: '全部分类',
  backToTop: '回到顶部',
} as const;
