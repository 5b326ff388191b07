/**
 * Images as small SVG text, drawn locally (no network, no native dependencies): course posters,
 * video thumbnails, lecturer avatars, topic images and banners. Every piece of text goes through
 * `escapeXml`. Sizes stay well under 3 KB each, so ~1 300 images are about 2 MB.
 */

export const FONT_FAMILY = `'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif`;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Width in em: CJK and full-width punctuation are 1em, Latin letters and digits about 0.58em. */
export function textWidthEm(text: string): number {
  let w = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) w += ch === ' ' ? 0.3 : 0.58;
    else w += 1; // CJK fonts draw the middle dot of 大学物理·力学 full width too
  }
  return w;
}

const NO_LINE_START = new Set('》”）」』、，。：；！？·'.split(''));
const NO_LINE_END = new Set('《“（「『'.split(''));
/** natural places for a Chinese title to break: after a particle or mark, before a conjunction */
const GOOD_AFTER = new Set('的与和及之·、：”》）'.split(''));
const GOOD_BEFORE = new Set('与和及《“（'.split(''));

/** Characters, with runs of ASCII letters/digits kept together so "Python" or "5G" never split. */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z0-9.+#-]+|./gu) ?? [];
}

/**
 * Line breaking to `maxEm` per line. Two lines break right after "：" when both halves fit, else
 * at the most balanced natural break (after 的/与/marks, before 与/《), else at the most balanced
 * break of any kind; more lines are filled
 * greedily. A line never starts with closing punctuation nor ends with an opening mark, and runs
 * of Latin letters or digits are never split. Returns null when more than `maxLines` are needed.
 */
export function wrapText(text: string, maxEm: number, maxLines: number): string[] | null {
  if (textWidthEm(text) <= maxEm) return [text];
  if (maxLines < 2) return null;
  const toks = tokens(text);
  const validBreak = (i: number) => !NO_LINE_START.has(toks[i]!) && !NO_LINE_END.has(toks[i - 1]!);
  let best: [string, string] | null = null;
  let bestWidth = Infinity;
  let good: [string, string] | null = null;
  let goodWidth = Infinity;
  let depth = 0; // inside “…” or 《…》 a break is never a natural one
  for (let i = 1; i < toks.length; i++) {
    const prev = toks[i - 1]!;
    if (prev === '“' || prev === '《') depth++;
    if (prev === '”' || prev === '》') depth = Math.max(0, depth - 1);
    if (!validBreak(i)) continue;
    const a = toks.slice(0, i).join('');
    const b = toks.slice(i).join('');
    const width = Math.max(textWidthEm(a), textWidthEm(b));
    if (a.endsWith('：') && width <= maxEm) return [a, b];
    if (width < bestWidth) {
      best = [a, b];
      bestWidth = width;
    }
    if (depth === 0 && (GOOD_AFTER.has(prev) || GOOD_BEFORE.has(toks[i]!)) && width < goodWidth) {
      good = [a, b];
      goodWidth = width;
    }
  }
  if (good && goodWidth <= maxEm) return good;
  if (best && bestWidth <= maxEm) return best;
  if (maxLines === 2) return null;
  const lines: string[][] = [[]];
  let width = 0;
  toks.forEach((tok, i) => {
    const w = textWidthEm(tok);
    if (width + w > maxEm && lines[lines.length - 1]!.length > 0 && validBreak(i)) {
      lines.push([]);
      width = 0;
    }
    lines[lines.length - 1]!.push(tok);
    width += w;
  });
  return lines.length <= maxLines ? lines.map((l) => l.join('')) : null;
}

/** The largest size in `sizes` at which `text` fits `maxLines` lines of `maxWidth` px; truncates at the smallest. */
export function fitText(
  text: string,
  maxWidth: number,
  maxLines: number,
  sizes: readonly number[],
): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapText(text, maxWidth / size, maxLines);
    if (lines) return { size, lines };
  }
  const size = sizes[sizes.length - 1] ?? 16;
  const maxEm = maxWidth / size;
  const lines: string[] = [];
  let rest = text;
  while (rest && lines.length < maxLines) {
    let line = '';
    for (const ch of rest) {
      if (textWidthEm(line + ch) > maxEm - (lines.length === maxLines - 1 ? 1 : 0)) break;
      line += ch;
    }
    rest = rest.slice(line.length);
    lines.push(rest && lines.length === maxLines - 1 ? `${line}…` : line);
  }
  return { size, lines };
}

/** Mixes a #rrggbb colour with white (t = 0 unchanged, 1 white). */
export function tint(hex: string, t: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * t);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function open(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`;
}

function gradient(id: string, from: string, to: string): string {
  return `<defs><linearGradient id="${id}" x2="1" y2="1"><stop stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

function textLines(
  lines: readonly string[],
  x: number,
  y: number,
  size: number,
  lineHeight: number,
  attrs: string,
): string {
  return lines
    .map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(l)}</text>`)
    .join('');
}

/** A simple geometric decoration in the right part of a w×h canvas; `variant` picks one of four. */
function motif(variant: number, w: number, h: number, colour: string): string {
  const c = `fill="${colour}"`;
  switch (((variant % 4) + 4) % 4) {
    case 0:
      return `<g ${c} fill-opacity=".12"><circle cx="${w * 0.86}" cy="${h * 0.2}" r="${h * 0.42}"/><circle cx="${w * 0.74}" cy="${h * 0.95}" r="${h * 0.3}"/><circle cx="${w * 0.97}" cy="${h * 0.8}" r="${h * 0.16}"/></g>`;
    case 1:
      return `<g ${c} fill-opacity=".1"><path d="M${w * 0.62} ${h}L${w * 0.9} 0H${w}L${w * 0.72} ${h}Z"/><path d="M${w * 0.78} ${h}L${w} ${h * 0.3}V${h}Z"/></g>`;
    case 2:
      return `<g fill="none" stroke="${colour}" stroke-opacity=".16" stroke-width="${Math.max(2, h / 60)}"><circle cx="${w * 0.85}" cy="${h * 0.5}" r="${h * 0.18}"/><circle cx="${w * 0.85}" cy="${h * 0.5}" r="${h * 0.32}"/><circle cx="${w * 0.85}" cy="${h * 0.5}" r="${h * 0.46}"/></g>`;
    default:
      return `<g ${c} fill-opacity=".11"><path d="M${w * 0.7} ${h * 0.15}l${h * 0.22} ${h * 0.38}h${-h * 0.44}Z"/><path d="M${w * 0.86} ${h * 0.45}l${h * 0.26} ${h * 0.45}h${-h * 0.52}Z"/><rect x="${w * 0.9}" y="${h * 0.08}" width="${h * 0.16}" height="${h * 0.16}" transform="rotate(20 ${w * 0.98} ${h * 0.16})"/></g>`;
  }
}

export interface PosterInput {
  id: number;
  name: string;
  lecturer: string;
  label: string;
  palette: readonly [string, string];
}

/** 16:9 course poster: subject gradient, name on up to 2 lines, lecturer, motif. */
export function posterSvg(p: PosterInput): string {
  const gid = `c${p.id}`;
  const title = fitText(p.name, 552, 2, [48, 44, 40, 36, 32]);
  const lh = Math.round(title.size * 1.25);
  const top = title.lines.length === 1 ? 196 : 172;
  const barY = top + (title.lines.length - 1) * lh + 28;
  return (
    open(640, 360) +
    gradient(gid, p.palette[0], p.palette[1]) +
    `<rect width="640" height="360" fill="url(#${gid})"/>` +
    motif(p.id, 640, 360, '#fff') +
    `<text x="44" y="58" font-size="20" fill="#fff" fill-opacity=".85">${escapeXml(p.label)}</text>` +
    textLines(title.lines, 44, top, title.size, lh, 'font-weight="700" fill="#fff"') +
    `<rect x="44" y="${barY}" width="56" height="4" rx="2" fill="#fff" fill-opacity=".8"/>` +
    `<text x="44" y="318" font-size="22" fill="#fff">${escapeXml(p.lecturer)} 主讲</text>` +
    '</svg>'
  );
}

export interface ThumbnailInput {
  id: number;
  episode: number;
  name: string;
  course: string;
  palette: readonly [string, string];
}

/** 16:9 video thumbnail: a lighter variant of the course poster with the episode number. */
export function thumbnailSvg(v: ThumbnailInput): string {
  const gid = `v${v.id}`;
  const dark = v.palette[0];
  const title = fitText(v.name, 280, 2, [26, 22, 19, 16]);
  const lh = Math.round(title.size * 1.3);
  const course = fitText(v.course, 280, 1, [14, 12]);
  return (
    open(320, 180) +
    gradient(gid, tint(v.palette[1], 0.72), tint(v.palette[0], 0.55)) +
    `<rect width="320" height="180" fill="url(#${gid})"/>` +
    motif(v.id, 320, 180, dark) +
    `<rect x="20" y="18" width="64" height="26" rx="13" fill="${dark}"/>` +
    `<text x="52" y="36" font-size="14" fill="#fff" text-anchor="middle">第${v.episode}讲</text>` +
    textLines(
      title.lines,
      20,
      title.lines.length === 1 ? 100 : 88,
      title.size,
      lh,
      `font-weight="700" fill="${dark}"`,
    ) +
    textLines(course.lines, 20, 160, course.size, 16, `fill="${dark}" fill-opacity=".75"`) +
    '</svg>'
  );
}

const AVATAR_COLOURS = [
  '#a4161a',
  '#3a0ca3',
  '#b45309',
  '#1d3557',
  '#0f766e',
  '#9d0208',
  '#6f4518',
  '#023e8a',
  '#2d6a4f',
  '#006d77',
  '#334155',
  '#7b2cbf',
];

/** Square avatar: coloured background, the surname in large type. */
export function avatarSvg(id: number, surname: string): string {
  const colour = AVATAR_COLOURS[id % AVATAR_COLOURS.length] as string;
  const size = surname.length > 1 ? 64 : 96;
  return (
    open(200, 200) +
    `<rect width="200" height="200" fill="${colour}"/>` +
    `<circle cx="100" cy="100" r="78" fill="#fff" fill-opacity=".1"/>` +
    `<text x="100" y="${100 + size * 0.36}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(surname)}</text>` +
    '</svg>'
  );
}

export interface TopicImageInput {
  id: number;
  title: string;
  courseCount: number;
  palette: readonly [string, string];
}

/** Wide topic image: gradient, 专题 tag, title, course count. */
export function topicSvg(t: TopicImageInput): string {
  const gid = `t${t.id}`;
  const title = fitText(t.title, 520, 2, [44, 40, 36, 32]);
  const lh = Math.round(title.size * 1.25);
  return (
    open(640, 300) +
    gradient(gid, t.palette[0], t.palette[1]) +
    `<rect width="640" height="300" fill="url(#${gid})"/>` +
    motif(t.id + 1, 640, 300, '#fff') +
    `<rect x="40" y="36" width="72" height="30" rx="15" fill="#fff" fill-opacity=".9"/>` +
    `<text x="76" y="57" font-size="16" fill="${t.palette[0]}" text-anchor="middle">推荐专题</text>` +
    textLines(title.lines, 40, title.lines.length === 1 ? 160 : 140, title.size, lh, 'font-weight="700" fill="#fff"') +
    `<text x="40" y="262" font-size="18" fill="#fff" fill-opacity=".9">共 ${t.courseCount} 门精品课程</text>` +
    '</svg>'
  );
}

export interface BannerInput {
  id: number;
  tag: string;
  title: string;
  subtitle: string;
  action: string;
  palette: readonly [string, string];
}

/** Wide home banner: tag, title, subtitle and an action pill. */
export function bannerSvg(b: BannerInput): string {
  const gid = `b${b.id}`;
  const title = fitText(b.title, 760, 2, [60, 54, 48, 42]);
  const lh = Math.round(title.size * 1.2);
  const subtitle = fitText(b.subtitle, 760, 1, [26, 22, 18]);
  const top = title.lines.length === 1 ? 200 : 170;
  return (
    open(1200, 400) +
    gradient(gid, b.palette[0], b.palette[1]) +
    `<rect width="1200" height="400" fill="url(#${gid})"/>` +
    motif(b.id, 1200, 400, '#fff') +
    `<text x="80" y="100" font-size="26" fill="#fff" fill-opacity=".85">${escapeXml(b.tag)}</text>` +
    textLines(title.lines, 80, top, title.size, lh, 'font-weight="700" fill="#fff"') +
    textLines(
      subtitle.lines,
      80,
      top + (title.lines.length - 1) * lh + 56,
      subtitle.size,
      30,
      'fill="#fff" fill-opacity=".9"',
    ) +
    `<rect x="80" y="316" width="160" height="48" rx="24" fill="#fff"/>` +
    `<text x="160" y="348" font-size="22" fill="${b.palette[0]}" text-anchor="middle">${escapeXml(b.action)}</text>` +
    '</svg>'
  );
}
