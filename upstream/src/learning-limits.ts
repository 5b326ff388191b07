/**
 * The product-spec §9 limits of a signed-in user's learning records, in one place for the whole
 * upstream (store, services, routes and the demo seed all read them from here).
 */

/** "The last 100 play records are kept": older ones are pruned whenever one is written. */
export const PLAY_LOG_KEEP = 100;

/** "Fragments kept 30 days" from the moment they were cut. */
export const FRAGMENT_RETENTION_DAYS = 30;
export const FRAGMENT_RETENTION_MS = FRAGMENT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Largest pageSize of the personal-centre lists (§9 page sizes: the client asks for exactly these). */
export const NOTE_LIST_PAGE_SIZE_MAX = 1000;
export const MESSAGE_LIST_PAGE_SIZE_MAX = 1000;
export const COLLECT_LIST_PAGE_SIZE_MAX = 10000;
export const FRAGMENT_LIST_PAGE_SIZE_MAX = 10000;

/** §5/§9 note text: at most 500 characters (code points, after trimming). */
export const NOTE_MAX_LENGTH = 500;
/** §9 play-page notes: the client asks for 100 a page. */
export const PLAY_NOTE_PAGE_SIZE_MAX = 100;

/** §5/§9 clip: at most 180 seconds, two (unexpired) clips per video and user. */
export const CLIP_MAX_SECONDS = 180;
export const CLIPS_PER_VIDEO = 2;
/** Cuts running at once in the main API (each is an ffmpeg child process); more are refused as busy. */
export const MAX_CONCURRENT_CLIPS = 2;
/** A fragment's name: at most 50 characters. */
export const FRAGMENT_NAME_MAX_LENGTH = 50;
/** One cut (the probes included) is stopped after this long: the gateway gives up on an upstream request after 85 s. */
export const CLIP_DEADLINE_MS = 70_000;
/** A stopped cut's ffmpeg gets SIGTERM, then SIGKILL this long after if it is still running. */
export const CLIP_KILL_GRACE_MS = 2_000;
/** Expired fragments (rows and cut files) are swept at start-up and this often. */
export const FRAGMENT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * §7 play records come every 5 s: a report may add to a viewing's stay time at most the wall-clock
 * seconds since the record's previous report plus this much (a new viewing starts at most this far in).
 */
export const PLAY_LOG_STAY_SLACK_SECONDS = 10;

/** §9 player comment (弹幕): at most 30 characters. */
export const DANMAKU_MAX_LENGTH = 30;
/** Comments one user may send within a minute. */
export const DANMAKU_PER_MINUTE = 10;
/** Comments one GetList answers at most. */
export const DANMAKU_LIST_MAX = 3000;

/**
 * 继续学习: a video counts as learned (已看完) when at most this many seconds of it remain after where
 * the viewer stopped; the same 10 s as the player's resume rule (product-spec §4: resume only if more
 * than 10 s remain), so a video the player would start again from the beginning is one already watched.
 */
export const LEARNED_REMAINING_SECONDS = 10;
/** 继续学习 on the home page: at most this many courses a call (default 6). */
export const LEARNING_PROGRESS_MAX_COURSES = 20;
export const LEARNING_PROGRESS_DEFAULT_COURSES = 6;
