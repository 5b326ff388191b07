/**
 * The text policy every typed field goes through (upstream/src/text/user-text.ts), class of
 * character by class, for a one-line and a multi-line field; and the web's mirror of it
 * (web/src/lib/userText.ts), which must judge every case the same way.
 */
import { describe, expect, it } from 'vitest';
import { checkUserText, isBlankText, type UserTextField } from '../../upstream/src/text/user-text';
import { checkUserText as webCheckUserText } from '../../web/src/lib/userText';

const ONE_LINE: UserTextField = { multiline: false, maxLength: 10 };
const MULTI_LINE: UserTextField = { multiline: true, maxLength: 10 };

const cleaned = (raw: string, field: UserTextField) => {
  const verdict = checkUserText(raw, field);
  if (!verdict.ok) throw new Error(`refused ${JSON.stringify(raw)}: ${verdict.problem}`);
  return verdict.text;
};
const problem = (raw: string, field: UserTextField) => {
  const verdict = checkUserText(raw, field);
  return verdict.ok ? null : verdict.problem;
};

/** every case below, for the web mirror: [raw, field] */
const CASES: [string, UserTextField][] = [];
const both = (raw: string) => {
  CASES.push([raw, ONE_LINE], [raw, MULTI_LINE]);
  return raw;
};

describe('the text policy', () => {
  it('refuses C0 and C1 control characters and DEL in every field', () => {
    for (const control of ['\u0000', '\u0007', '\u0008', '\u001b', '\u001f', '\u007f', '\u0080', '\u009b', '\u009f']) {
      const raw = both(`红${control}[31m字`);
      expect(problem(raw, ONE_LINE), JSON.stringify(control)).toBe('badCharacters');
      expect(problem(raw, MULTI_LINE), JSON.stringify(control)).toBe('badCharacters');
    }
  });

  it('keeps line breaks (as \\n) and tabs in a multi-line field; makes a run of them one space in a one-line field', () => {
    for (const br of ['\n', '\r\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']) {
      const raw = both(`第一行${br}第二行`);
      expect(cleaned(raw, MULTI_LINE), JSON.stringify(br)).toBe('第一行\n第二行');
      expect(cleaned(raw, ONE_LINE), JSON.stringify(br)).toBe('第一行 第二行');
    }
    expect(cleaned(both('一\t二'), MULTI_LINE)).toBe('一\t二');
    expect(cleaned(both('一\r\n\r\n\t二'), ONE_LINE)).toBe('一 二');
    expect(cleaned(both('一\r\n\r\n二'), MULTI_LINE)).toBe('一\n\n二');
  });

  it('refuses bidi embeddings, overrides and isolates wherever they are', () => {
    for (const bidi of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const raw = both(`gpj.${bidi}mp4`);
      expect(problem(raw, ONE_LINE), JSON.stringify(bidi)).toBe('badCharacters');
      expect(problem(raw, MULTI_LINE), JSON.stringify(bidi)).toBe('badCharacters');
    }
    // even where nothing else is: refused rather than judged empty
    expect(problem(both('  \u202e  '), ONE_LINE)).toBe('badCharacters');
  });

  it('refuses unpaired surrogates', () => {
    expect(problem(both('半个\ud800字'), ONE_LINE)).toBe('badCharacters');
    expect(problem(both('半个\udc00字'), MULTI_LINE)).toBe('badCharacters');
    expect(cleaned(both('𠀀'), ONE_LINE)).toBe('𠀀');
  });

  it('removes invisible formatting (zero-width space, word joiner, BOM, soft hyphen, LRM/RLM/ALM, ...)', () => {
    const raw = both('\ufeff重\u200b点\u2060内\u00ad容\u200e\u200f\u061c\u180e\u2061\u206a\ufff9');
    expect(cleaned(raw, ONE_LINE)).toBe('重点内容');
    expect(cleaned(raw, MULTI_LINE)).toBe('重点内容');
  });

  it('keeps ZWJ inside emoji sequences and joiners between letters of scripts that need them; drops them elsewhere', () => {
    expect(cleaned(both('家👨\u200d👩\u200d👧'), ONE_LINE)).toBe('家👨\u200d👩\u200d👧');
    expect(cleaned(both('👩🏽\u200d💻'), ONE_LINE)).toBe('👩🏽\u200d💻');
    expect(cleaned(both('❤️\u200d🔥'), ONE_LINE)).toBe('❤️\u200d🔥');
    expect(cleaned(both('می\u200cخواهم'), ONE_LINE)).toBe('می\u200cخواهم');
    expect(cleaned(both('讲\u200d得\u200c好'), ONE_LINE)).toBe('讲得好');
    expect(cleaned(both('\u200dab\u200d'), ONE_LINE)).toBe('ab');
  });

  it('treats text with nothing visible as empty', () => {
    for (const blank of [
      '',
      '   ',
      '\u3000\u00a0',
      '\u200b\u200c\u200d\ufeff\u2060',
      ' \n\t\r\n ',
      '\u3164\u2800',
      '\ufe0f\u034f',
      '\u{e0067}\u{e007f}',
    ]) {
      expect(cleaned(both(blank), ONE_LINE), JSON.stringify(blank)).toBe('');
      expect(cleaned(blank, MULTI_LINE), JSON.stringify(blank)).toBe('');
      expect(isBlankText(blank), JSON.stringify(blank)).toBe(true);
    }
    expect(isBlankText('\u200b字')).toBe(false);
    expect(isBlankText('\u202e')).toBe(false); // the field's own check refuses it
  });

  it('normalises to NFC and counts code points of the cleaned text', () => {
    const decomposed = both('cafe\u0301');
    expect(cleaned(decomposed, ONE_LINE)).toBe('caf\u00e9');
    // ten decomposed é are twenty code points before NFC, ten after
    expect(cleaned(both('e\u0301'.repeat(10)), ONE_LINE)).toBe('\u00e9'.repeat(10));
    expect(cleaned(both('𠀀'.repeat(10)), ONE_LINE)).toBe('𠀀'.repeat(10));
    expect(problem(both('字'.repeat(11)), ONE_LINE)).toBe('tooLong');
    // invisible characters and surrounding spaces do not count
    expect(cleaned(both(`  ${'字\u200b'.repeat(10)}  `), MULTI_LINE)).toBe('字'.repeat(10));
    // a CRLF is one character once it is one line break
    expect(cleaned(both('一二三四\r\n五六七八九'), MULTI_LINE)).toBe('一二三四\n五六七八九');
  });

  it('is mirrored by the web, case for case', () => {
    expect(CASES.length).toBeGreaterThan(60);
    for (const [raw, field] of CASES)
      expect(webCheckUserText(raw, field), JSON.stringify([raw, field])).toEqual(checkUserText(raw, field));
  });
});
