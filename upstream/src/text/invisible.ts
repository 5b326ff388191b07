/**
 * Characters that change how text around them looks without showing themselves. Bidirectional
 * overrides and isolates (U+202A–202E, U+2066–2069) can make a comment or note read backwards or
 * spill its direction into what the page shows next to it: refused. Zero-width characters
 * (U+200B–200F: spaces, joiners, direction marks; U+FEFF) only hide text or make "empty" text look
 * filled: removed, before the emptiness and length checks.
 */

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const ZERO_WIDTH = /[\u200B-\u200F\uFEFF]/g;

export const hasBidiControl = (text: string): boolean => BIDI_CONTROL.test(text);

export const stripZeroWidth = (text: string): string => text.replace(ZERO_WIDTH, '');
