/**
 * One policy for every text a person types into the platform: notes, 弹幕, the profile, fragment
 * names, AI questions and search keywords. Each field says whether it keeps line breaks and how
 * long it may be; the field's own sentences (empty, too long, bad characters) stay with the field.
 * The web mirrors this file in web/src/lib/userText.ts for instant feedback: change both together.
 *
 * What happens to each kind of character, and why:
 * - Line breaks (CR LF, CR, LF, VT and FF as Word writes them, NEL, U+2028/2029) are one "\n" in a
 *   multi-line field. In a one-line field they and tabs become one space: a pasted paragraph is
 *   still the words the user meant, and whitespace is never a reason to refuse anyone. Tabs stay
 *   in multi-line fields.
 * - Other control characters (C0 such as NUL, BEL and ESC, DEL, C1) are refused. Nobody types or
 *   pastes them in ordinary text; they come from scripts and terminals, and an ESC stored in a note
 *   would reach every screen and file the note is shown in. Refusing says so rather than guessing.
 * - Bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069) are refused: they
 *   reorder what others see ("gpj.‮mp4" shows as "gpj.4pm"), so text carrying them must not be
 *   stored, and silently removing them would change what the writer saw.
 * - Invisible formatting characters are removed: zero-width space, word joiner, BOM, soft hyphen,
 *   the direction marks LRM, RLM and ALM (they nudge neutral characters only and cannot reverse a
 *   run), invisible math operators, deprecated format controls, interlinear annotation marks.
 *   Word, web pages and input methods leave them in pasted text; nobody sees them, so refusing the
 *   user for them would be unfair, and keeping them lets "empty" text look filled or pad lengths.
 * - The joiners ZWJ and ZWNJ are kept only where they join something: inside an emoji sequence
 *   (👨‍👩‍👧, 👩🏽‍💻) and between letters of scripts that need them (Arabic, Indic); elsewhere
 *   (between Chinese characters, at the edges) they are removed like the characters above.
 * - Unpaired surrogates are refused: they are not text and cannot be stored as UTF-8.
 * - Then Unicode NFC (a decomposed "é" from macOS is the same one character as a composed one, and
 *   counts as one), then surrounding whitespace is trimmed.
 * - Text left with no visible character (spaces, joiners, Hangul fillers, braille blanks,
 *   variation selectors only) is empty, so the field's empty rule and sentence apply.
 * - Length is counted in code points of the cleaned text, as product-spec §9's limits are read
 *   everywhere (an emoji or 𠀀 is one character).
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
