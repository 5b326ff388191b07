/**
 * The platform's text policy for what a person types (notes, 弹幕, the profile, fragment names, AI
 * questions, search keywords), mirrored from the servers' upstream/src/text/user-text.ts so the
 * web refuses and cleans exactly as they do, before sending. The servers stay the judges; the
 * reasons for each rule are written there. Change both together (tests/upstream/user-text-policy
 * checks that they agree case for case).
 *
 * In short: line breaks are one "\n" in a multi-line field and a space (with tabs) in a one-line
 * field; other control characters, bidi overrides/isolates and unpaired surrogates are refused;
 * invisible formatting (zero-width space, BOM, direction marks, soft hyphen, ...) is removed, the
 * joiners ZWJ/ZWNJ kept only inside emoji sequences and scripts that need them; NFC; trimmed;
 * nothing visible left is empty; lengths are code points.
 */

export interface UserTextField {
  /** notes, intros and questions keep line breaks; every other field is one line */
  multiline: boolean;
  /** at most this many characters (code points) after cleaning */
  maxLength: number;
}

export type UserTextProblem = 'badCharacters' | 'tooLong';

/** `text` is the value to store ('' when nothing visible was typed); a problem refuses it. */
export type UserTextVerdict = { ok: true; text: string } | { ok: false; problem: UserTextProblem };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
const ONE_LINE_BREAKS = /(?:\r\n|[\t\n\r\v\f\u0085\u2028\u2029])+/g;
/** a control character other than the newline and tab a multi-line field keeps */
const CONTROL = /(?![\n\t])\p{Cc}/u;
const INVISIBLE_FORMAT = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB]/g;
const JOINER = /[\u200C\u200D]/;
const EMOJI = /\p{Extended_Pictographic}/u;
/** what may stand between an emoji and its ZWJ: a skin tone or the emoji presentation selector */
const EMOJI_TAIL = /[\u{1F3FB}-\u{1F3FF}\uFE0F]/u;
const LETTER = /[\p{L}\p{M}]/u;
/** scripts that never need a joiner between their letters */
const NO_JOINER_SCRIPT =
  /[\p{Script=Han}\p{Script=Latin}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Cyrillic}\p{Script=Greek}]/u;
/** nothing a reader can see: whitespace, format characters left (joiners, tags), fillers, blanks, selectors */
const BLANK = /^[\s\p{Cf}\u034F\u115F\u1160\u2800\u3164\uFFA0\uFE00-\uFE0F]*$/u;

function joins(before: string | undefined, after: string | undefined, joiner: string): boolean {
  if (before === undefined || after === undefined) return false;
  if (joiner === '\u200D' && EMOJI.test(after) && (EMOJI.test(before) || EMOJI_TAIL.test(before))) return true;
  return LETTER.test(before) && LETTER.test(after) && !NO_JOINER_SCRIPT.test(before) && !NO_JOINER_SCRIPT.test(after);
}

/** the text without invisible formatting, joiners kept only where they join */
function withoutInvisible(text: string): string {
  const points = [...text.replace(INVISIBLE_FORMAT, '')];
  const kept: string[] = [];
  points.forEach((point, index) => {
    if (!JOINER.test(point) || joins(kept[kept.length - 1], points[index + 1], point)) kept.push(point);
  });
  return kept.join('');
}

/** Characters as the platform counts them: code points. */
export const textLength = (text: string): number => [...text].length;

/** The text cleaned as the policy says, or why it is refused. */
export function checkUserText(raw: string, field: UserTextField): UserTextVerdict {
  if (LONE_SURROGATE.test(raw) || BIDI_CONTROL.test(raw)) return { ok: false, problem: 'badCharacters' };
  const lines = field.multiline ? raw.replace(LINE_BREAK, '\n') : raw.replace(ONE_LINE_BREAKS, ' ');
  if (CONTROL.test(lines)) return { ok: false, problem: 'badCharacters' };
  const text = withoutInvisible(lines).normalize('NFC').trim();
  if (BLANK.test(text)) return { ok: true, text: '' };
  if (textLength(text) > field.maxLength) return { ok: false, problem: 'tooLong' };
  return { ok: true, text };
}

/** Whether nothing visible was typed (bad characters count as something: the field's check refuses them). */
export function isBlankText(raw: string): boolean {
  const verdict = checkUserText(raw, { multiline: true, maxLength: Number.MAX_SAFE_INTEGER });
  return verdict.ok && verdict.text === '';
}
