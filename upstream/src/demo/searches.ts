/**
 * A month of searches by demo readers, so that a fresh install has hot keywords (upstream/API.md:
 * they come from real searches). Each keyword is checked to occur in the generated content, so
 * that every one of them finds something, as only searches with results are logged. A few
 * keywords are searched by many readers, most by few: the counts fall off like real search logs.
 * Deterministic: the same content and `now` give the same searches.
 */
import type { Rng } from './random';
import type { DemoContent, DemoSearch } from './types';

export const DEMO_SEARCHERS = 40;
const DAYS = 30;
const DAY_MS = 86_400_000;
/** chance that a reader searches on a given day */
const ACTIVE_DAY = 0.35;

/** what students of 思政 courses look for first; kept only when the content has it */
const FAVOURITES = [
  '马克思主义',
  '哲学',
  '唯物辩证法',
  '实践',
  '中国式现代化',
  '党史',
  '习近平新时代中国特色社会主义思想',
  '矛盾',
  '唯物史观',
  '资本论',
  '共产党宣言',
  '人工智能',
  '中华优秀传统文化',
  '法治',
  '生态文明',
  '国家安全',
  '乡村振兴',
  '新民主主义革命',
  '剩余价值',
  '美学',
];

function contentTexts(content: DemoContent): string[] {
  return [
    ...content.courses.flatMap((c) => [c.name, c.info]),
    ...content.lecturers.map((l) => l.name),
    ...content.topics.flatMap((t) => [t.title, t.info]),
    ...content.videos.flatMap((v) => [
      v.name,
      ...v.keyframes.map((k) => `${k.keyPoints} ${k.description}`),
      ...v.transcript.map((p) => p.text),
    ]),
  ];
}

/** The keywords readers search, most searched first. */
export function demoKeywords(content: DemoContent, rng: Rng): string[] {
  const texts = contentTexts(content);
  const occurs = (keyword: string) => texts.some((t) => t.includes(keyword));
  const favourites = FAVOURITES.filter(occurs);
  // lecturers people look up by name, the recommended ones first
  const lecturers = rng
    .shuffle(content.lecturers.filter((l) => l.recommended))
    .slice(0, 6)
    .map((l) => l.name);
  // sub-category names that are also course subjects (逻辑学, 伦理学, 中国古代史, …)
  const catalogues = rng
    .shuffle(content.catalogues.filter((c) => c.level === 2 && [...c.name].length <= 6).map((c) => c.name))
    .filter(occurs)
    .slice(0, 8);
  const seen = new Set<string>();
  const keywords: string[] = [];
  // the favourites lead; names and catalogues fill in among the less searched ones
  for (const keyword of [
    ...favourites.slice(0, 8),
    ...rng.shuffle([...favourites.slice(8), ...lecturers, ...catalogues]),
  ]) {
    if (!seen.has(keyword)) {
      seen.add(keyword);
      keywords.push(keyword);
    }
  }
  return keywords;
}

/** Searches of the last 30 days (the day of `now` included, none after `now`), oldest first. */
export function buildDemoSearches(content: DemoContent, now: Date, rng: Rng): DemoSearch[] {
  const keywords = demoKeywords(content, rng);
  if (keywords.length === 0) return [];
  // Zipf-like weights: the k-th keyword is searched about 1/k as often as the first
  const weights = keywords.map((_, k) => 1 / (k + 1));
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  const pickKeyword = (): string => {
    let r = rng.next() * totalWeight;
    for (let k = 0; k < keywords.length; k++) {
      r -= weights[k]!;
      if (r < 0) return keywords[k]!;
    }
    return keywords[keywords.length - 1]!;
  };

  const searches: DemoSearch[] = [];
  const end = now.getTime();
  // day DAYS - 1 would reach into the 31st platform day back: stop one short
  for (let day = DAYS - 2; day >= 0; day--) {
    for (let reader = 1; reader <= DEMO_SEARCHERS; reader++) {
      if (!rng.chance(ACTIVE_DAY)) continue;
      const count = rng.int(1, 3);
      for (let i = 0; i < count; i++) {
        // a moment within the 24 hours `day` days before now, never after now
        const at = end - day * DAY_MS - Math.floor(rng.next() * DAY_MS);
        searches.push({
          keyword: pickKeyword(),
          searcher: `demo:reader-${String(reader).padStart(2, '0')}`,
          at: new Date(at).toISOString(),
        });
      }
    }
  }
  return searches.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
