import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useSearchSuggestionsHotQuery } from '../../__generated__/useSearchSuggestionsHotQuery.graphql';
import type { useSearchSuggestionsQuery } from '../../__generated__/useSearchSuggestionsQuery.graphql';
import { SEARCH, TEXT_LIMIT } from '../../constants';
import { useSearchHistory } from '../../lib/searchHistory';
import { checkUserText } from '../../lib/userText';

/**
 * Suggestions under a search box as one types, as a WAI-ARIA combobox: the input
 * is role=combobox with aria-expanded / aria-controls / aria-activedescendant, the list a listbox of
 * options; ↑/↓ move through the options, Enter picks the active one (or submits the box when none
 * is), Esc closes the list. While the box is empty: the local search history and the hot keywords;
 * while typing: history entries containing the text at once, then (after SUGGEST_DEBOUNCE_MS without
 * typing) hot keywords, courses and lecturers whose name contains it (Query.searchSuggestions, one
 * request per pause, the previous one cancelled).
 */
export const SUGGEST_DEBOUNCE_MS = 200;
/** of each kind */
const SUGGESTIONS_SHOWN = 5;
const HISTORY_WHILE_TYPING = 3;

const suggestionsQuery = graphql`
  query useSearchSuggestionsQuery($keyword: String!) {
    searchSuggestions(keyword: $keyword, limit: 5) {
      hotKeywords {
        keyword
      }
      courses {
        course {
          id
          courseId
          catalogueId
          authorName
        }
        # eslint-disable-next-line relay/unused-fields -- text and hit are read by <SuggestionList>
        name {
          text
          hit
        }
      }
      authors {
        author {
          id
          authorId
          name
          position
        }
        # eslint-disable-next-line relay/unused-fields -- text and hit are read by <SuggestionList>
        name {
          text
          hit
        }
      }
    }
  }
`;

const hotQuery = graphql`
  query useSearchSuggestionsHotQuery {
    hotKeywords(limit: 8) {
      keyword
    }
  }
`;

export interface Segment {
  readonly text: string;
  readonly hit: boolean;
}

export type SuggestionOption =
  | { readonly kind: 'history' | 'hot'; readonly key: string; readonly keyword: string }
  | {
      readonly kind: 'course';
      readonly key: string;
      readonly courseId: number;
      readonly catalogueId: number;
      readonly name: readonly Segment[];
      readonly detail: string;
    }
  | {
      readonly kind: 'author';
      readonly key: string;
      readonly authorId: number;
      readonly name: readonly Segment[];
      readonly detail: string;
    };

export const SUGGESTION_GROUPS: readonly { kind: SuggestionOption['kind']; label: string }[] = [
  { kind: 'history', label: '搜索历史' },
  { kind: 'hot', label: '热门搜索' },
  { kind: 'course', label: '课程' },
  { kind: 'author', label: '讲师' },
];

/** the text as the server would take it, or null when it would refuse it (then nothing is asked) */
function askable(value: string): string | null {
  const verdict = checkUserText(value, { multiline: false, maxLength: TEXT_LIMIT.siteSearch });
  return verdict.ok && verdict.text !== '' ? verdict.text : null;
}

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

interface Fetched {
  readonly keyword: string;
  readonly hot: readonly string[];
  readonly courses: readonly SuggestionOption[];
  readonly authors: readonly SuggestionOption[];
}

export interface SearchCombobox {
  readonly open: boolean;
  readonly options: readonly SuggestionOption[];
  readonly activeIndex: number;
  readonly listId: string;
  readonly optionId: (index: number) => string;
  readonly inputProps: {
    role: 'combobox';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-autocomplete': 'list';
    'aria-activedescendant': string | undefined;
    autoComplete: 'off';
    onFocus: () => void;
    onBlur: () => void;
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  };
  /** the pointer is on an option */
  readonly setActiveIndex: (index: number) => void;
  readonly pick: (option: SuggestionOption) => void;
  readonly close: () => void;
}

/**
 * value: the box's text. onPick: what choosing an option does (a keyword searches it, a course opens
 * its player, a lecturer their page); the list closes first.
 */
export function useSearchSuggestions(value: string, onPick: (option: SuggestionOption) => void): SearchCombobox {
  const environment = useRelayEnvironment();
  const history = useSearchHistory();
  const listId = useId();
  const [open, setOpen] = useState(false);
  // the active option is an index into the options of one text: typing starts again from none
  const [active, setActive] = useState<{ readonly keyword: string | null; readonly index: number }>({
    keyword: null,
    index: -1,
  });
  const [hot, setHot] = useState<readonly string[]>([]);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const hotAsked = useRef(false);
  const keyword = askable(value);
  const activeIndex = active.keyword === keyword ? active.index : -1;
  const setActiveIndex = useCallback((index: number) => setActive({ keyword, index }), [keyword]);

  // the hot keywords once, when the box is first used
  useEffect(() => {
    if (!open || hotAsked.current) return;
    hotAsked.current = true;
    const subscription = fetchQuery<useSearchSuggestionsHotQuery>(
      environment,
      hotQuery,
      {},
      { fetchPolicy: 'store-or-network' },
    ).subscribe({
      next: (data) => setHot(data.hotKeywords.map((k) => k.keyword)),
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [open, environment]);

  // the server's suggestions, after a pause in typing; a newer pause cancels the older request
  useEffect(() => {
    if (!open || keyword === null) return;
    let subscription: { unsubscribe(): void } | undefined;
    const timer = setTimeout(() => {
      subscription = fetchQuery<useSearchSuggestionsQuery>(
        environment,
        suggestionsQuery,
        { keyword },
        { fetchPolicy: 'store-or-network' },
      ).subscribe({
        next: ({ searchSuggestions: found }) =>
          setFetched({
            keyword,
            hot: found.hotKeywords.map((k) => k.keyword),
            courses: found.courses.map((hit) => ({
              kind: 'course',
              key: `course-${hit.course.id}`,
              courseId: hit.course.courseId,
              catalogueId: hit.course.catalogueId,
              name: hit.name,
              detail: hit.course.authorName,
            })),
            authors: found.authors.map((hit) => ({
              kind: 'author',
              key: `author-${hit.author.id}`,
              authorId: hit.author.authorId,
              name: hit.name,
              detail: hit.author.position,
            })),
          }),
        // a refused or failed request leaves the history's entries
        error: () => undefined,
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      subscription?.unsubscribe();
    };
  }, [open, keyword, environment]);

  const options = useMemo<SuggestionOption[]>(() => {
    const keywordOption = (kind: 'history' | 'hot', k: string): SuggestionOption => ({
      kind,
      key: `${kind}-${k}`,
      keyword: k,
    });
    if (keyword === null) {
      const fromHistory = history.slice(0, SEARCH.historyShown);
      return [
        ...fromHistory.map((k) => keywordOption('history', k)),
        ...hot
          .filter((k) => !fromHistory.includes(k))
          .slice(0, SEARCH.hotKeywords)
          .map((k) => keywordOption('hot', k)),
      ];
    }
    const fromHistory = history.filter((k) => contains(k, keyword)).slice(0, HISTORY_WHILE_TYPING);
    // the server's answer for this very text only (an older one would not match what is typed)
    const current = fetched?.keyword === keyword ? fetched : null;
    return [
      ...fromHistory.map((k) => keywordOption('history', k)),
      ...(current?.hot ?? [])
        .filter((k) => !fromHistory.includes(k))
        .slice(0, SUGGESTIONS_SHOWN)
        .map((k) => keywordOption('hot', k)),
      ...(current?.courses ?? []).slice(0, SUGGESTIONS_SHOWN),
      ...(current?.authors ?? []).slice(0, SUGGESTIONS_SHOWN),
    ];
  }, [keyword, history, hot, fetched]);

  const close = useCallback(() => {
    setOpen(false);
    setActive({ keyword: null, index: -1 });
  }, []);

  const pick = useCallback(
    (option: SuggestionOption) => {
      close();
      onPick(option);
    },
    [close, onPick],
  );

  const shown = open && options.length > 0;
  const optionId = useCallback((index: number) => `${listId}-option-${index}`, [listId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // an IME is choosing characters
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const index = Math.min(activeIndex, options.length - 1);
        setActiveIndex(
          index < 0 ? (step > 0 ? 0 : options.length - 1) : (index + step + options.length) % options.length,
        );
        return;
      }
      case 'Enter': {
        const option = shown && activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          pick(option);
        } else {
          close();
        }
        return;
      }
      case 'Escape':
        if (shown) {
          event.preventDefault();
          close();
        }
        return;
      default:
        if (!open) setOpen(true);
    }
  };

  return {
    open: shown,
    options,
    activeIndex: shown ? Math.min(activeIndex, options.length - 1) : -1,
    listId,
    optionId,
    inputProps: {
      role: 'combobox',
      'aria-expanded': shown,
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      'aria-activedescendant':
        shown && activeIndex >= 0 && activeIndex < options.length ? optionId(activeIndex) : undefined,
      autoComplete: 'off',
      onFocus: () => setOpen(true),
      onBlur: close,
      onKeyDown,
    },
    setActiveIndex,
    pick,
    close,
  };
}
