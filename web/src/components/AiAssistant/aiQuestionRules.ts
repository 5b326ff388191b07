import { checkUserText } from '../../lib/userText';
import { AI_LIMITS, AI_TEXT } from './aiText';

/** Length as the gateway counts it: code points (an emoji is one character, not two). */
export function questionLength(text: string): number {
  return [...text].length;
}

/**
 * The question as it is sent, cleaned by the text policy of every typed field (lib/userText:
 * line breaks kept, invisible characters removed, NFC, trimmed), with what is wrong with it (§5:
 * empty, over 200 characters; a control character or direction override), or null.
 */
export function checkQuestion(question: string): { text: string; problem: string | null } {
  const verdict = checkUserText(question, { multiline: true, maxLength: AI_LIMITS.questionLength });
  if (!verdict.ok)
    return { text: question.trim(), problem: verdict.problem === 'tooLong' ? AI_TEXT.tooLong : AI_TEXT.badCharacters };
  return { text: verdict.text, problem: verdict.text === '' ? AI_TEXT.empty : null };
}

/** §5: what is wrong with a question before it is sent, or null. */
export function questionProblem(question: string): string | null {
  return checkQuestion(question).problem;
}
