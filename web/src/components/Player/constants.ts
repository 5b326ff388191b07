/** The player's constants of product-spec §9 (and the choices §9 leaves to us), in one place. */

/** §9 "Player defaults: speeds 0.5, 0.75, 1, 1.25, 1.5, 2" (exactly these, no slider). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** Controls hide after this long without pointer movement while playing. */
export const CONTROLS_HIDE_MS = 3000;
/** Arrow keys: seek this many seconds, change the volume by this much. */
export const SEEK_STEP_SECONDS = 5;
export const VOLUME_STEP = 0.1;

/** Resume from the last position only if more than this many seconds remain. */
export const RESUME_MIN_REMAINING_SECONDS = 10;

/** Page scroll past this many pixels floats the player. */
export const FLOAT_SCROLL_THRESHOLD_PX = 600;
/** Size and margin of the floating window. */
export const FLOAT_WIDTH_PX = 360;
export const FLOAT_MARGIN_PX = 16;
/** The floating window's title bar (the video's name and ×), above the picture. */
export const FLOAT_BAR_HEIGHT_PX = 32;

/** AI字幕已开启 notice, shown this long whenever the subtitles come on. */
export const SUBTITLE_NOTICE = 'AI字幕已开启！AI识别字幕，内容仅供参考';
export const SUBTITLE_NOTICE_MS = 3000;
/** §8 subtitle failures (the server's message when it sent one), and subtitles asked of a video without them. */
export const SUBTITLE_LOAD_FAILED = '字幕加载失败';
export const SUBTITLE_NONE = '该视频暂无字幕';

/** Scrolling comments: seconds a comment takes to cross the picture, and the look of a lane. */
export const DANMAKU_CROSS_SECONDS = 8;
export const DANMAKU_LANE_HEIGHT_PX = 30;
export const DANMAKU_FONT_PX = 20;
/** Lanes are laid out for this width when the real one is not known yet. */
export const DANMAKU_DEFAULT_WIDTH_PX = 800;
export const DANMAKU_EMPTY_MESSAGE = '请输入弹幕内容';
/** A control character or a direction override (the text policy, lib/userText). */
export const DANMAKU_BAD_CHARACTERS_MESSAGE = '弹幕包含无法显示的字符';
export const DANMAKU_SEND_FAILED = '弹幕发送失败';

/** Play log (§7 Logging): first report 1 s after play starts, then every 5 s; stay time per second. */
export const PLAY_LOG_FIRST_MS = 1000;
export const PLAY_LOG_INTERVAL_MS = 5000;
export const STAY_TICK_MS = 1000;
/** The gateway's play-log route: the periodic reports (fetch, JSON answer) and the final log on leaving (beacon), form fields of ReportPlayInput. */
export const PLAY_LOG_BEACON_PATH = '/beacon/play-log';

export const NOT_ONLINE_TEXT = '视频暂未上线';
/** a demo video whose own lecture is being made (mediaState GENERATING) */
export const MEDIA_GENERATING_TEXT = '视频生成中，请稍候';
/** a demo video whose lecture cannot be made on this server (mediaState UNAVAILABLE: no ffmpeg or espeak-ng) */
export const MEDIA_UNAVAILABLE_TEXT = '本讲视频暂未生成';
/** how often the player asks again whether a lecture being made is ready (a short lecture takes about 10 s) */
export const MEDIA_POLL_MS = 3000;

/** localStorage key of the saved player preferences. */
export const PLAYER_PREFERENCES_KEY = 'szykt.playerPreferences';
