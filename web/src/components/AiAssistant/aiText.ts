import { TEXT_LIMIT } from '../../constants';

/**
 * The AI drawer's words and limits (product-spec §2 AI drawer, §5 AI question, §8, §9) in one
 * place. The gateway and the main API refuse the same questions; these are the instant checks.
 */
export const AI_TEXT = {
  /** §2: the drawer's title (AI Q&A). */
  drawerTitle: 'AI问答',
  buttonLabel: '打开AI问答',
  tip: '有问题，问问AI',
  deepThinking: '深度思考',
  inputLabel: '向AI提问',
  placeholder: '输入你的问题，Enter 发送，Shift+Enter 换行',
  send: '发送',
  clear: '清空对话',
  suggested: '猜你想问',
  thinking: '思考中…',
  thoughts: '思考过程',
  /** Shown in the answer's place until its first piece arrives. */
  answering: '正在生成回答…',
  sources: '参考来源',
  noSources: '知识库中未找到相关的课程内容',
  /** §5 AI question. */
  empty: '请输入内容',
  tooLong: '输入限200字以内',
  /** A control character or a direction override (the text policy, lib/userText). */
  badCharacters: '问题包含无法显示的字符',
  busy: '正在为你解读，请稍等...',
  /** §5: the second place (a suggested question clicked while an answer streams). */
  busyElsewhere: '正在解答中请稍等...',
  /** A failure without the server's own message (the network, a stream cut short). */
  failed: '回答中断，请稍后再试',
  unavailable: 'AI问答暂时无法使用，请稍后再试',
  intro: '你好，我是思政云课堂的AI助手，可以根据平台的课程内容回答你的问题，并给出出处。',
} as const;

export const AI_LIMITS = {
  /** §9: an AI question is at most 200 characters (code points, as the gateway counts). */
  questionLength: TEXT_LIMIT.aiQuestion,
  /** §9: a press of the AI button shorter than this is a click, longer a drag. */
  clickMs: 150,
  /** §9: the tip on the AI button hides after 3 s. */
  tipMs: 3000,
  /** §9: the drawer is 400 px wide, or a quarter of the window from 1400 px on. */
  drawerWidth: 400,
  wideWindow: 1400,
  /** Suggested questions shown in the drawer. */
  suggestions: 6,
  /** §4: AI key points on the play page before 显示更多. */
  keyPointsShown: 15,
} as const;

/** localStorage key of where the AI button was dragged to ({ left, top } in px). */
export const AI_BUTTON_POSITION_KEY = 'szykt.aiButtonPosition';
