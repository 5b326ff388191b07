/**
 * An allow-list sanitiser for the lecturers' rich-text intros, which the web renders as HTML.
 * Only a few formatting tags survive, always without attributes (no href, style or on*), the
 * content of script-like elements is dropped, every other '<' or '>' is escaped, and the
 * tags are balanced so that an intro cannot leave an element open in the page around it.
 */
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote']);
const VOID = new Set(['br']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title']);

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g;

function escapeText(text: string): string {
  // Keep existing entities (&amp; &nbsp; &#20013;) but escape a bare '&'.
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function sanitizeHtml(html: string): string {
  let out = '';
  let last = 0;
  let dropping: string | null = null;
  const open: string[] = [];
  for (const match of html.matchAll(TAG)) {
    const index = match.index ?? 0;
    if (dropping === null) out += escapeText(html.slice(last, index));
    last = index + match[0].length;
    const name = match[2]?.toLowerCase();
    if (!name) continue; // a comment
    const closing = match[1] === '/';
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !match[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!closing) out += `<${name}>`;
    } else if (!closing) {
      open.push(name);
      out += `<${name}>`;
    } else if (open.includes(name)) {
      // close whatever was left open inside it, then the element itself
      while (open.length > 0) {
        const top = open.pop()!;
        out += `</${top}>`;
        if (top === name) break;
      }
    }
  }
  if (dropping === null) out += escapeText(html.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
