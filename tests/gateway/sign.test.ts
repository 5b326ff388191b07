import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalParams, computeSign, signedHeaders, toWireParams } from '../../gateway/src/upstream/sign';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('request signature (ARCHITECTURE.md runtime contract)', () => {
  it('signs sorted key=value pairs, then the timespan, then the secret', () => {
    expect(computeSign({ b: '2', a: '1' }, '1700000000', 's')).toBe(md5('a=1&b=2' + '1700000000' + 's'));
  });

  it('signs an empty parameter set as the empty string', () => {
    expect(canonicalParams({})).toBe('');
    expect(computeSign({}, '1700000000', 'sizheng-dev-secret')).toBe(md5('1700000000sizheng-dev-secret'));
  });

  it('sorts keys by UTF-16 code unit, so upper case comes before lower case and "_" between them', () => {
    expect(canonicalParams({ b: '1', B: '2', _: '3', a: '4', A1: '5' })).toBe('A1=5&B=2&_=3&a=4&b=1');
  });

  it('uses raw, unencoded values (Chinese, spaces, & and =)', () => {
    const params = { searchKey: '马克思 主义&x=y', pageUrl: '/home?scId=3' };
    expect(canonicalParams(params)).toBe('pageUrl=/home?scId=3&searchKey=马克思 主义&x=y');
    expect(computeSign(params, '1700000001', 'k')).toBe(
      md5('pageUrl=/home?scId=3&searchKey=马克思 主义&x=y1700000001k'),
    );
  });

  it('switches to SHA-256 when configured', () => {
    expect(computeSign({ a: '1' }, '1700000000', 's', 'sha256')).toBe(sha256('a=11700000000s'));
  });

  it('turns typed values into the strings that travel, dropping null and undefined', () => {
    expect(toWireParams({ pageIndex: 2, year: undefined, exclusive: true, comCode: '', parent: null })).toEqual({
      pageIndex: '2',
      exclusive: 'true',
      comCode: '',
    });
  });

  it('produces the three headers, with the timespan in unix seconds', () => {
    const headers = signedHeaders({ a: '1' }, { secret: 's', algorithm: 'md5', productId: 1, now: 1_700_000_000_999 });
    expect(headers).toEqual({ timespan: '1700000000', sign: md5('a=11700000000s'), productId: '1' });
  });
});
