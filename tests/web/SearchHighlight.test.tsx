import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted, plainText } from '../../web/src/components/Search/Highlighted';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../web/src/theme';

const renderSegments = (segments: Array<{ text: string; hit: boolean }>) =>
  render(
    <ChakraProvider value={system}>
      <p data-testid="text">
        <Highlighted segments={segments} />
      </p>
    </ChakraProvider>,
  ).getByTestId('text');

describe('search highlights', () => {
  it('wraps the hits in <mark>, the rest as plain text, in order', () => {
    const p = renderSegments([
      { text: '学习', hit: false },
      { text: '党史', hit: true },
      { text: '，明理', hit: false },
      { text: '增信', hit: true },
    ]);
    expect(p.textContent).toBe('学习党史，明理增信');
    expect([...p.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['党史', '增信']);
    expect(p.childNodes[0]!.nodeType).toBe(Node.TEXT_NODE);
  });

  it('never renders a segment as HTML, hit or not', () => {
    const p = renderSegments([
      { text: '<img src=x onerror="window.__pwned=1">', hit: false },
      { text: '<script>window.__pwned=1</script>', hit: true },
      { text: '&lt;b&gt;', hit: false },
    ]);
    expect(p.querySelector('img')).toBeNull();
    expect(p.querySelector('script')).toBeNull();
    expect(p.querySelector('b')).toBeNull();
    expect(p.textContent).toBe('<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>&lt;b&gt;');
    expect(p.querySelector('mark')!.textContent).toBe('<script>window.__pwned=1</script>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('plain text of the pieces', () => {
    const segments = [
      { text: '中国', hit: false },
      { text: '梦', hit: true },
    ];
    expect(plainText(segments)).toBe('中国梦');
    expect(renderSegments([]).textContent).toBe('');
  });
});
