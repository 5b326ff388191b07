/**
 * The allow-list sanitiser for the lecturers' rich-text intros, which the web renders as HTML.
 * It is the npm package sanitize-html (a maintained allow-list sanitiser on htmlparser2, the
 * parser behind cheerio) rather than regular expressions of our own: parsing HTML the way a
 * browser does is what the filter-evasion tricks attack, and that is the package's whole job.
 *
 * Only a few formatting tags survive, always without attributes (no href, src, style, class or
 * on*); the elements that run or load something (script, style, iframe, object, embed, svg, ...)
 * are dropped with their content; every other element is unwrapped to its text; text is escaped;
 * comments go; tags are balanced, so an intro cannot leave an element open in the page around it.
 * No element with a URL is allowed today; should a link ever be, it may only be http, https or
 * mailto (never javascript:, data: or a protocol-relative //host).
 *
 * Version 2.17.5 is pinned: later releases ask for Node 22, and 2.17.4 closed the xmp raw-text hole.
 */
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote'];

/** dropped together with everything inside them, not unwrapped to their text */
const DROPPED_WITH_CONTENT = [
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
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'option',
];

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: false,
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
