/**
 * Text as matching compares it, the search engine's foldForMatch (lower case, Latin letters without
 * diacritics), fast for the usual course text: foldForMatch walks a string character by character,
 * which was half of a question's retrieval time; a text without accented Latin letters or
 * combining marks folds the same by toLowerCase alone.
 */
import { foldForMatch } from '../../search/analyzer';

/** accented Latin letters (Latin-1 Supplement to Extended-B, Extended Additional, C, D, E) and combining marks */
const NEEDS_FULL_FOLD =
  /[\u00C0-\u024F\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u1E00-\u1EFF\u20D0-\u20FF\u2C60-\u2C7F\uA720-\uA7FF\uAB30-\uAB6F\uFE20-\uFE2F]/;

export const fold = (text: string): string => (NEEDS_FULL_FOLD.test(text) ? foldForMatch(text) : text.toLowerCase());
