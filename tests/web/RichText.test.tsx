/**
 * The rich-text sanitiser (a lecturer's intro) against hostile HTML, in jsdom's DOMParser: only the
 * allow-list survives, nothing active is left, and rendering it runs nothing.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText } from '../../web/src/components/RichText/RichText';
import { safeImageUrl, safeLinkUrl, sanitizeHtml } from '../../web/src/lib/sanitizeHtml';
import { system } from '../../web/src/theme';

afterEach(() => {
  delete (window as { __pwned?: unknown }).__pwned;
});

/** Every element and attribute of the sanitised output. */
function inventory(html: string) {
  const box = document.createElement('div');
  box.innerHTML = html;
  const elements = [...box.querySelectorAll('*')];
  return {
    tags: [...new Set(elements.map((e) => e.localName))].sort(),
    attributes: elements.flatMap((e) => [...e.attributes].map((a) => `${e.localName}[${a.name}=${a.value}]`)),
    text: box.textContent,
  };
}

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h3>简介</h3><p>从事<strong>党史</strong>与<em>理论</em>研究，<b>b</b><i>i</i><u>u</u><span>s</span><br></p><ul><li>一</li></ul><ol><li>二</li></ol><h4>成果</h4>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops script, style, iframe, object, embed and the like with their content', () => {
    const out = sanitizeHtml(
      '<p>前</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe>' +
        '<object data="x.swf"></object><embed src="x.swf"><noscript><img src=x onerror=alert(1)></noscript>' +
        '<template><script>alert(2)</script></template><svg><script>alert(3)</script><a href="https://a.example">s</a></svg>' +
        '<math><mi>x</mi></math><form action="https://evil.example"><input name="p"><button>提交</button></form>' +
        '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=https://evil.example"><p>后</p>',
    );
    expect(out).toBe('<p>前</p><p>后</p>');
  });

  it('removes every event handler, style, class and id; unknown elements are unwrapped to their text', () => {
    const out = sanitizeHtml(
      '<div onclick="alert(1)" style="background:url(javascript:alert(1))" class="x" id="y"><p onmouseover="alert(2)" ONLOAD="alert(3)">正文<span onfocus="x" tabindex="1">甲</span></p><section><table><tr><td>表格</td></tr></table></section></div>',
    );
    expect(out).toBe('<p>正文<span>甲</span></p>表格');
  });

  it('links: http(s) only, opened in a new tab with rel=noopener; other schemes become plain text', () => {
    const out = sanitizeHtml(
      '<a href="https://www.example.edu.cn/a?b=1" onclick="x" target="_self" rel="opener">学校</a>' +
        '<a href="javascript:alert(1)">j</a><a href=" JaVaScRiPt:alert(1)">j2</a><a href="java&#x09;script:alert(1)">j3</a>' +
        '<a href="data:text/html,<script>alert(1)</script>">d</a><a href="vbscript:msgbox(1)">v</a>' +
        '<a href="//evil.example/">p</a><a href="/home">站内</a><a>无</a>',
    );
    const { tags, attributes, text } = inventory(out);
    expect(tags).toEqual(['a']);
    expect(attributes).toEqual(['a[href=https://www.example.edu.cn/a?b=1]', 'a[target=_blank]', 'a[rel=noopener]']);
    expect(text).toBe('学校jj2j3dvp站内无');
  });

  it('images: site-relative or http(s) src and alt only; other sources drop the image', () => {
    const out = sanitizeHtml(
      '<img src="/media/authors/1.jpg" alt="肖像" onerror="alert(1)" width="9999" style="x">' +
        '<img src="https://cdn.example.edu.cn/a.png"><img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>">' +
        '<img src="//evil.example/x.png"><img src="/\\evil.example/x.png"><img src="x" onerror="alert(1)"><img>',
    );
    const { tags, attributes } = inventory(out);
    expect(tags).toEqual(['img']);
    expect(attributes).toEqual([
      'img[src=/media/authors/1.jpg]',
      'img[alt=肖像]',
      'img[loading=lazy]',
      'img[src=https://cdn.example.edu.cn/a.png]',
      'img[loading=lazy]',
    ]);
  });

  it('drops comments and survives broken or deeply nested markup', () => {
    expect(sanitizeHtml('<p>a<!-- <script>alert(1)</script> -->b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<p>未闭合<strong>加粗')).toBe('<p>未闭合<strong>加粗</strong></p>');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    const deep = `${'<span>'.repeat(500)}深${'</span>'.repeat(500)}`;
    const out = sanitizeHtml(deep);
    expect(out).toContain('深');
    expect(out.split('<span>').length - 1).toBeLessThanOrEqual(64);
    expect(sanitizeHtml('')).toBe('');
  });

  it('escapes text: markup written as text stays text', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "引号"</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "引号"</p>',
    );
  });

  it('url checks', () => {
    expect(safeLinkUrl('http://a.example')).toBe('http://a.example');
    expect(safeLinkUrl('https:/a.example')).toBeNull();
    expect(safeLinkUrl('https://a.exa\u0000mple')).toBeNull();
    expect(safeLinkUrl(null)).toBeNull();
    expect(safeImageUrl('/media/x.jpg')).toBe('/media/x.jpg');
    expect(safeImageUrl('media/x.jpg')).toBeNull();
    expect(safeImageUrl('//evil.example/x.jpg')).toBeNull();
  });
});

describe('RichText', () => {
  it('renders the sanitised HTML and runs nothing of the hostile input', async () => {
    const { container } = render(
      <ChakraProvider value={system}>
        <RichText
          html={
            '<p>简介</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><iframe srcdoc="<script>parent.__pwned = 3</script>"></iframe><a href="https://www.example.edu.cn">主页</a>'
          }
        />
      </ChakraProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.textContent).toBe('简介主页');
    const link = container.querySelector('a')!;
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://www.example.edu.cn',
      '_blank',
      'noopener',
    ]);
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });
});
