import { AI_LIMITS, AI_TEXT } from './aiText';

/** Length as the gateway counts it: code points (an emoji is one character, not two). */
export function questionLength(text: string): number {
  return [...text].length;
}

/**
 * §5: what is wrong with a question before it is sent (empty, over 200 characters), or null.
 * The question is trimmed first, as the gateway trims it.
 */
export function questionProblem(question: string): string | null {
  const text = question.trim();
  if (text === '') return AI_TEXT.empty;
  if (questionLength(text) > AI_LIMITS.questionLength) return AI_TEXT.tooLong;
  return null;
}
