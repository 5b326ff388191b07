/**
 * Shapes of the hand-written phrase banks. A subject lists its categories; a category either has
 * sub-categories (leaves) or is itself a leaf. Every leaf carries the course names written for it
 * and the key concepts its lectures are built from, so that episode names, keyframes and
 * transcripts talk about that leaf's own subject matter.
 */

/**
 * [term, gloss]: the gloss is a predicate written to follow the term directly, so that
 * `term + gloss + '。'` is a complete sentence (e.g. ['实践', '是人类能动地改造世界的…活动']).
 */
export type Concept = readonly [term: string, gloss: string];

export interface LeafBank {
  name: string;
  courses: readonly string[];
  concepts: readonly Concept[];
}

export interface BranchBank {
  name: string;
  children: readonly LeafBank[];
}

export type CategoryBank = LeafBank | BranchBank;

export interface SubjectBank {
  name: string;
  /** short label for images ("思政", "理学") */
  short: string;
  /** gradient start and end colours of this subject's posters */
  palette: readonly [string, string];
  /** research-funding body named in lecturer intros */
  fund: '国家社会科学基金' | '国家自然科学基金';
  /** journals named in lecturer intros */
  journals: readonly string[];
  /** one sentence each on what this subject's courses aim at, used in course introductions */
  aims: readonly string[];
  categories: readonly CategoryBank[];
}

export function isBranch(category: CategoryBank): category is BranchBank {
  return 'children' in category;
}
