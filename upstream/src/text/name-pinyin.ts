/**
 * Pinyin keys of a person's name. Surnames have their own readings (曾 is Zeng, not Ceng;
 * 单 is Shan), so pinyin-pro's surname mode is used, and only for names.
 */
import { pinyin } from 'pinyin-pro';

export interface NamePinyin {
  /** A–Z initial of the surname, "#" when the name does not start with a letter or a hanzi */
  firstWord: string;
  /** lowercase full pinyin without tones, syllables separated by spaces: the A–Z sort key */
  sortKey: string;
}

export function namePinyin(name: string): NamePinyin {
  const trimmed = name.trim();
  const initials = pinyin(trimmed, { pattern: 'first', toneType: 'none', surname: 'head', type: 'array' });
  const first = (initials[0] ?? '').toUpperCase();
  const sortKey = pinyin(trimmed, { toneType: 'none', surname: 'head', type: 'array' }).join(' ').toLowerCase();
  return { firstWord: /^[A-Z]$/.test(first) ? first : '#', sortKey };
}
