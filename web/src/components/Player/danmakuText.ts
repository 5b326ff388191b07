import { TEXT_LIMIT } from '../../constants';
import { checkUserText } from '../../lib/userText';
import { DANMAKU_BAD_CHARACTERS_MESSAGE, DANMAKU_EMPTY_MESSAGE } from './constants';

/** §9: a player comment has at most 30 characters. */
export const DANMAKU_MAX_CHARS = TEXT_LIMIT.playerComment;

/** Characters as a person counts them (an emoji is one, not two UTF-16 units). */
export function danmakuLength(text: string): number {
  return Array.from(text).length;
}

/** What the input keeps of typed or pasted text: the first 30 characters. */
export function clampDanmakuInput(text: string): string {
  const chars = Array.from(text);
  return chars.length > DANMAKU_MAX_CHARS ? chars.slice(0, DANMAKU_MAX_CHARS).join('') : text;
}

export type DanmakuCheck =
  { readonly ok: true; readonly content: string } | { readonly ok: false; readonly message: string };

/**
 * The comment to send, cleaned by the text policy (lib/userText: one line, invisible characters
 * removed), or the notice: a control character or direction override → 弹幕包含无法显示的字符,
 * nothing visible → 请输入弹幕内容 (§8); over 30 is cut by the input.
 */
export function checkDanmaku(text: string): DanmakuCheck {
  const verdict = checkUserText(text, { multiline: false, maxLength: Number.MAX_SAFE_INTEGER });
  if (!verdict.ok) return { ok: false, message: DANMAKU_BAD_CHARACTERS_MESSAGE };
  if (!verdict.text) return { ok: false, message: DANMAKU_EMPTY_MESSAGE };
  return { ok: true, content: clampDanmakuInput(verdict.text) };
}
