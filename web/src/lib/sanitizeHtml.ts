/**
 * A small allow-list HTML sanitiser for the rich text the platform shows (a lecturer's intro).
 * The upstream sanitises that HTML already; this is the second line of defence before it reaches
 * dangerouslySetInnerHTML, so a change upstream or a compromised record cannot run script here.
 *
 * It parses with DOMParser (an inert document: nothing loads, no script runs) and copies only what
 * the allow-list names into a fresh tree:
 * - kept tags: p, strong, em, b, i, u, br, ul, ol, li, span, h3, h4, a, img;
 * - dropped with their content: script, style, iframe, object, embed and the other active or
 *   foreign elements in DROPPED_WITH_CONTENT;
 * - any other element is unwrapped: its text and allowed children stay, the element goes;
 * - no attributes survive but a[href] (http/https only, opened with target=_blank rel=noopener)
 *   and img[src] (site-relative or http/https) with img[alt]; every on* handler, style, class and
 *   javascript:/data: URL is gone; a link without a usable href becomes its text, an image
 *   without a usable src disappears.
 */

const KEPT = new Set(['p', 'strong', 'em', 'b', 'i', 'u', 'br', 'ul', 'ol', 'li', 'span', 'h3', 'h4', 'a', 'img']);

const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'portal',
  'xmp',
  'plaintext',
]);

/** Deeper nesting than this is flattened to text: nobody writes it, and it guards the recursion. */
const MAX_DEPTH = 64;

const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

/** An absolute http(s) URL, or null. */
export function safeLinkUrl(value: string | null): string | null {
  if (value === null) return null;
  const url = value.trim();
  if (CONTROL_CHARACTERS.test(url)) return null;
  return /^https?:\/\/[^/\\]/i.test(url) ? url : null;
}

/** A site-relative path (not protocol-relative: //host or /\host) or an absolute http(s) URL, or null. */
export function safeImageUrl(value: string | null): string | null {
  if (value === null) return null;
  const url = value.trim();
  if (CONTROL_CHARACTERS.test(url)) return null;
  if (/^\/(?![/\\])/.test(url)) return url;
  return safeLinkUrl(url);
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return escapeText(html);
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = source.createElement('div');
  copyChildren(source.body, out, source, 0);
  return out.innerHTML;
}

function copyChildren(from: Node, to: Node, doc: Document, depth: number): void {
  for (let child = from.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      copyElement(child as Element, to, doc, depth);
    }
    // comments, processing instructions and the rest are dropped
  }
}

function copyElement(element: Element, to: Node, doc: Document, depth: number): void {
  const tag = element.localName.toLowerCase();
  // only HTML elements: an <a> or <img> inside foreign content is not the HTML one
  if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
  if (DROPPED_WITH_CONTENT.has(tag)) return;
  if (depth >= MAX_DEPTH) {
    to.appendChild(doc.createTextNode(element.textContent ?? ''));
    return;
  }
  if (!KEPT.has(tag)) {
    copyChildren(element, to, doc, depth + 1);
    return;
  }
  if (tag === 'img') {
    const src = safeImageUrl(element.getAttribute('src'));
    if (src === null) return;
    const img = doc.createElement('img');
    img.setAttribute('src', src);
    const alt = element.getAttribute('alt');
    if (alt !== null) img.setAttribute('alt', alt);
    img.setAttribute('loading', 'lazy');
    to.appendChild(img);
    return;
  }
  if (tag === 'a') {
    const href = safeLinkUrl(element.getAttribute('href'));
    if (href === null) {
      copyChildren(element, to, doc, depth + 1);
      return;
    }
    const link = doc.createElement('a');
    link.setAttribute('href', href);
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener');
    copyChildren(element, link, doc, depth + 1);
    to.appendChild(link);
    return;
  }
  const copy = doc.createElement(tag);
  if (tag !== 'br') copyChildren(element, copy, doc, depth + 1);
  to.appendChild(copy);
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
