// @vitest-environment jsdom
/**
 * The lecturers' intro sanitiser (upstream/src/text/sanitize-html.ts, the sanitize-html package)
 * against the OWASP XSS Filter Evasion Cheat Sheet and a few mutation-XSS cases: whatever goes in,
 * what comes out, parsed as a browser parses it (jsdom's DOMParser, on parse5), holds nothing that
 * runs or loads: only the allowed formatting tags, no attributes at all (so no on* handler, style,
 * href or src), no script/iframe/object/embed/style/svg/... element, no javascript:, vbscript: or
 * data: URL. Each case is first checked to be caught by the same inspection when not sanitised,
 * so the inspection itself is shown to see the attack.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../upstream/src/text/sanitize-html';

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote']);
const ACTIVE = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'style',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'form',
  'img',
  'a',
  'template',
];
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'dynsrc',
  'lowsrc',
  'data',
  'xlink:href',
  'content',
];
/** a scheme that runs script or carries a document, after the characters browsers ignore in URLs */
const DANGEROUS_URL = /^(?:javascript|vbscript|data):/i;

/** What in this HTML could run or load something, as a browser would parse it (empty = nothing). */
function dangers(html: string): string[] {
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.localName;
    if (['html', 'head', 'body'].includes(tag) && element.attributes.length === 0) continue;
    if (ACTIVE.includes(tag)) found.push(`<${tag}>`);
    else if (!ALLOWED.has(tag)) found.push(`<${tag}> not allowed`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.replace(/[\u0000-\u0020]/g, '');
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      else if (name === 'style') found.push(`${tag}[style]`);
      else if (
        URL_ATTRIBUTES.includes(name) &&
        (DANGEROUS_URL.test(value) || /url=\s*(?:javascript|data):/i.test(value))
      ) {
        found.push(`${tag}[${name}=${value.slice(0, 20)}]`);
      } else found.push(`${tag}[${name}] attribute`);
    }
  }
  return found;
}

/** [name, payload] from the OWASP XSS Filter Evasion Cheat Sheet (and a few mutation-XSS ones) */
const CASES: [string, string][] = [
  ['basic script', '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>'],
  [
    'polyglot',
    "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+alert(1)//'>",
  ],
  ['img javascript:', '<IMG SRC="javascript:alert(\'XSS\');">'],
  ['no quotes, no semicolon', "<IMG SRC=javascript:alert('XSS')>"],
  ['case insensitive', "<IMG SRC=JaVaScRiPt:alert('XSS')>"],
  ['HTML entities', '<IMG SRC=javascript:alert(&quot;XSS&quot;)>'],
  ['grave accents', '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'],
  ['malformed a tag', '\\<a onmouseover="alert(document.cookie)"\\>xxs link\\</a\\>'],
  ['malformed img tag', '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>'],
  ['fromCharCode', '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>'],
  ['default src, onmouseover', '<IMG SRC=# onmouseover="alert(\'xxs\')">'],
  ['empty src', '<IMG SRC= onmouseover="alert(\'xxs\')">'],
  ['on error alert', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
  [
    'onerror, encoded',
    '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  ],
  [
    'decimal references',
    '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  ],
  [
    'decimal without semicolons',
    '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  ],
  [
    'hex without semicolons',
    '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  ],
  ['embedded tab', '<IMG SRC="jav\tascript:alert(\'XSS\');">'],
  ['encoded tab', '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">'],
  ['encoded newline', '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">'],
  ['encoded carriage return', '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">'],
  ['null byte', '<IMG SRC=java\u0000script:alert("XSS")>'],
  ['spaces and meta characters', '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">'],
  ['non-alpha-non-digit', '<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>'],
  ['body onload with junk', '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>'],
  ['extraneous open brackets', '<<SCRIPT>alert("XSS");//\\<</SCRIPT>'],
  ['no closing script tag', '<SCRIPT SRC=http://xss.example/xss.js?< B >'],
  ['protocol-relative script', '<SCRIPT SRC=//xss.example/.j>'],
  ['half open img', '<IMG SRC="`<javascript:alert>`(\'XSS\')"'],
  ['double open angle brackets', '<iframe src=http://xss.example/scriptlet.html <'],
  ['end title tag', '</TITLE><SCRIPT>alert("XSS");</SCRIPT>'],
  ['input image', '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">'],
  ['body background', '<BODY BACKGROUND="javascript:alert(\'XSS\')">'],
  ['img dynsrc', '<IMG DYNSRC="javascript:alert(\'XSS\')">'],
  ['img lowsrc', '<IMG LOWSRC="javascript:alert(\'XSS\')">'],
  ['list-style-image', '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>'],
  ['vbscript in an image', '<IMG SRC=\'vbscript:msgbox("XSS")\'>'],
  ['svg onload', "<svg/onload=alert('XSS')>"],
  ['body onload', "<BODY ONLOAD=alert('XSS')>"],
  ['bgsound', '<BGSOUND SRC="javascript:alert(\'XSS\');">'],
  ['link stylesheet', '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">'],
  ['remote style sheet', "<STYLE>@import'http://xss.example/xss.css';</STYLE>"],
  ['meta link header', '<META HTTP-EQUIV="Link" Content="<http://xss.example/xss.css>; REL=stylesheet">'],
  ['moz-binding', '<STYLE>BODY{-moz-binding:url("http://xss.example/xssmoz.xml#xss")}</STYLE>'],
  ['broken-up javascript in style', '<STYLE>@im\\port\'\\ja\\vasc\\ript:alert("XSS")\';</STYLE>'],
  ['style attribute expression with comment', '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">'],
  ['style on an allowed tag', '<p STYLE="background-image: url(javascript:alert(\'XSS\'))">x</p>'],
  ['div expression', '<DIV STYLE="width: expression(alert(\'XSS\'));">'],
  ['meta refresh', '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">'],
  [
    'meta refresh data:',
    '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  ],
  ['iframe', '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>'],
  ['iframe event', '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>'],
  ['iframe srcdoc', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>'],
  ['table background', '<TABLE BACKGROUND="javascript:alert(\'XSS\')">'],
  ['td background', '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">'],
  ['object', '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.example/scriptlet.html"></OBJECT>'],
  [
    'embed svg data:',
    '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciPjxzY3JpcHQ+YWxlcnQoMSk8L3NjcmlwdD48L3N2Zz4=" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  ],
  [
    'xml data island',
    '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(\'XSS\')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>',
  ],
  ['downlevel-hidden block', "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]--><p onclick=alert(1)>x</p>"],
  ['base tag', '<BASE HREF="javascript:alert(\'XSS\');//">'],
  ['link javascript:', '<A HREF="javascript:document.location=\'http://www.example.com/\'">XSS</A>'],
  ['link with encoded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['link with leading control', '<a href="&#14;javascript:alert(1)">x</a>'],
  ['link javascript&colon;', '<a href="javascript&colon;alert(1)">x</a>'],
  ['link data:', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['nested quotes on an allowed tag', '<p title="a" onclick=\'alert("x")\' id=x>q</p>'],
  ['doubled brackets around img', '<<p>><img src=x onerror=alert(1)//<</p>'],
  ['form button formaction', '<form><button formaction=javascript:alert(1)>X</button></form>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['video source onerror', '<video><source onerror="alert(1)"></video>'],
  ['template script', '<template><script>alert(1)</script></template>'],
  ['xmp raw text (CVE-2026-44990)', '<xmp><img src=x onerror=alert(1)></xmp>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['math style mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['svg foreignObject', '<svg><foreignObject><p onclick=alert(1)>x</p></foreignObject></svg>'],
  ['script split by a script', '<scr<script>ipt>alert(1)</scr</script>ipt><img src=x onerror=alert(1)>'],
  ['markup inside an attribute', '<p title="x><img src=x onerror=alert(1)>">y</p>'],
];

describe('intro sanitiser against the OWASP XSS filter-evasion cases', () => {
  it('has a good set of cases, each of which the inspection catches unsanitised', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    const missed = CASES.filter(([, payload]) => dangers(payload).length === 0).map(([name]) => name);
    expect(missed).toEqual([]);
  });

  it.each(CASES)('%s: nothing that runs or loads survives', (_name, payload) => {
    const clean = sanitizeHtml(payload);
    expect(dangers(clean)).toEqual([]);
    // sanitising what came out changes nothing: the output is already in its final, inert form
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps the formatting an intro uses, without attributes, balanced', () => {
    expect(sanitizeHtml('<p class="x" onclick="a()">一<strong>二</strong><em>三</em></p><ul><li>四</li></ul>')).toBe(
      '<p>一<strong>二</strong><em>三</em></p><ul><li>四</li></ul>',
    );
    expect(sanitizeHtml('<h3>简介</h3><blockquote><b>引</b><i>文</i><u>字</u></blockquote><ol><li>一</li></ol>')).toBe(
      '<h3>简介</h3><blockquote><b>引</b><i>文</i><u>字</u></blockquote><ol><li>一</li></ol>',
    );
    expect(sanitizeHtml('<p>未闭合<strong>加粗')).toBe('<p>未闭合<strong>加粗</strong></p>');
    expect(sanitizeHtml('<p><strong>交错</p></strong>')).toBe('<p><strong>交错</strong></p>');
  });

  it('drops active elements with their content, unwraps the others to their text, escapes text', () => {
    expect(sanitizeHtml('<script>alert(1)</script><p>ok</p><style>p{}</style>')).toBe('<p>ok</p>');
    expect(sanitizeHtml('<p>未闭合<script>alert(1)')).toBe('<p>未闭合</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)><a href="https://example.com/">链接</a><span>字</span>')).toBe(
      '链接字',
    );
    expect(sanitizeHtml('<!-- 注释 --><p>文</p>')).toBe('<p>文</p>');
    expect(sanitizeHtml('a < b && c > d &amp; <br/>')).toBe('a &lt; b &amp;&amp; c &gt; d &amp; <br />');
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &#20013;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; 中</p>',
    );
  });
});
