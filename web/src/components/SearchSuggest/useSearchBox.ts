import { useCallback, type FormEvent } from 'react';
import { saveSearchKeyword } from '../../lib/searchHistory';
import { useSearchSuggestions, type SearchCombobox, type SuggestionOption } from './useSearchSuggestions';

type CourseSuggestion = Extract<SuggestionOption, { kind: 'course' }>;

/** Where a search box leads: each site (desktop, mobile) has its own pages. */
export interface SearchBoxTargets {
  /** The results of a keyword (already saved to the local history). */
  readonly search: (keyword: string) => void;
  /** A suggested course's player. */
  readonly course: (course: CourseSuggestion) => void;
  /** A suggested lecturer's page. */
  readonly author: (authorId: number) => void;
}

export interface SearchBox {
  readonly combobox: SearchCombobox;
  /** The form's onSubmit: the typed keyword, if `check` lets it through, is saved and searched. */
  readonly submit: (event: FormEvent) => void;
}

/**
 * The wiring every search box shares (the desktop header's and /m/search's): suggestions as one
 * types, a picked keyword (history or hot) put in the box and searched, a course or a lecturer
 * opened, and a submitted keyword checked, saved to the local history (§4) and searched.
 * `check` answers the keyword to search or null when it refused (each box says why its own way).
 */
export function useSearchBox(
  value: string,
  setValue: (value: string) => void,
  check: (value: string) => string | null,
  targets: SearchBoxTargets,
): SearchBox {
  const { search, course, author } = targets;
  const searchFor = useCallback(
    (keyword: string) => {
      saveSearchKeyword(keyword);
      search(keyword);
    },
    [search],
  );
  const onPick = useCallback(
    (option: SuggestionOption) => {
      switch (option.kind) {
        case 'history':
        case 'hot':
          setValue(option.keyword);
          searchFor(option.keyword);
          return;
        case 'course':
          course(option);
          return;
        case 'author':
          author(option.authorId);
      }
    },
    [setValue, searchFor, course, author],
  );
  const combobox = useSearchSuggestions(value, onPick);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    combobox.close();
    const keyword = check(value);
    if (keyword !== null) searchFor(keyword);
  };
  return { combobox, submit };
}
