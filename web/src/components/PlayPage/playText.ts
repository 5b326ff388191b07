/**
 * The play page's words and limits (product-spec §2 Play page, §5, §8, §9) in one place. The
 * gateway and the main API enforce the same limits; these are the client's checks before sending.
 */
export const PLAY_TEXT = {
  courseError: '课程出错啦~看一下其他课程吧',
  loginRequired: '登录后即可观看课程视频',
  login: '登录',
  /** the visitor's player: the course is shown, playing needs login */
  loginToWatch: '登录后观看',
  noPermission: '当前账号无权进行此操作',
  operationFailed: '操作失败，请稍后再试~',
  noteEmpty: '请输入笔记内容',
  noteTooLong: '笔记内容不能超过500字',
  /** A control character or a direction override (the text policy, lib/userText). */
  noteBadCharacters: '笔记包含无法显示的字符',
  noteFailed: '笔记记录失败',
  noteSaved: '笔记记录成功',
  noteDeleteConfirm: '删除后不可恢复，确定删除这条笔记吗？',
  /** §8: note delete, collection and collection-removal failure. */
  noteOperationFailed: '操作失败',
  copied: '内容已复制到剪切板！',
  copyFailed: '抱歉，复制失败！',
  scanToWatch: '扫码在手机上观看',
  clipStartInvalid: '开始时间无效',
  clipEndBeforeStart: '结束时间必须大于开始时间',
  clipTooLong: '片段不能超过3分钟',
  clipPastEnd: '结束时间超出视频时长',
  clipNameTooLong: '片段名称不能超过50个字',
  clipNameInvalid: '片段名称包含非法字符',
  clipLimitReached: '每个视频最多截取2个片段',
  clipUnavailable: '该视频暂不支持截取',
  clipDone: '片段截取成功',
  noVideos: '该课程暂无视频',
  /** §8 Player comments: a load failure without a server message. */
  danmakuLoadFailed: '弹幕加载失败',
} as const;

export const PLAY_LIMITS = {
  /** §9 text limit of a note. */
  noteLength: 500,
  /** §9: a clip is at most 180 s, two per video. */
  clipMaxSeconds: 180,
  clipsPerVideo: 2,
  /** The clip dialog's end defaults to the start + this many seconds (within the video). */
  clipDefaultSeconds: 60,
  clipNameLength: 50,
  /** §4: keyframes shown before 展开. */
  keyframesShown: 3,
  /** §9 play-page notes. */
  notes: 100,
  /** §9 related courses; the lecturer card shows two courses. */
  relatedCourses: 10,
  lecturerCourses: 2,
} as const;

/** §6: the only user types that may like, favourite, take and collect notes and clip. */
export function mayOperate(userType: number): boolean {
  return userType === 1 || userType === 2;
}

/** What a failed operation says: `base`, with the server's reason when it gave another one. */
export function failureText(base: string, serverMessage: string | null | undefined): string {
  const reason = serverMessage?.trim();
  return reason && reason !== base ? `${base}：${reason}` : base;
}
