import { Button, chakra, Group, Input } from '@chakra-ui/react';
import { startTransition, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoginFirstHref } from '../../lib/LoginPage';
import { MESSAGES, SEARCH_TEXT, TEXT_LIMIT } from '../../constants';
import { checkUserText } from '../../lib/userText';
import { playUrl } from '../CourseCard/CourseCard';
import { SearchIcon } from '../icons/Icons';
import { SuggestionList } from '../SearchSuggest/SuggestionList';
import { useSearchBox, type SearchBoxTargets } from '../SearchSuggest/useSearchBox';
import { showMessage } from '../ui/toaster';

/** The keyword to search, or null after saying why not (§5: 请输入内容 for nothing visible). */
function checkKeyword(value: string): string | null {
  const verdict = checkUserText(value, { multiline: false, maxLength: TEXT_LIMIT.siteSearch });
  if (!verdict.ok) {
    showMessage(
      verdict.problem === 'tooLong' ? SEARCH_TEXT.keywordTooLong : SEARCH_TEXT.keywordBadCharacters,
      'warning',
    );
    return null;
  }
  if (!verdict.text) {
    showMessage(MESSAGES.emptyInput, 'warning');
    return null;
  }
  return verdict.text;
}

interface Props {
  /** The keyword of the search page being shown, mirrored into the box. */
  readonly currentKey?: string | null;
}

/**
 * Header search: at most 50 characters, Enter or the button; the keyword is cleaned by the text
 * policy (lib/userText), nothing visible gives 请输入内容 (§5), a control character or direction
 * override its own notice; a search is saved to the local history. As one types, suggestions open
 * under it (history, hot keywords, courses, lecturers; ↑/↓, Enter, Esc): a keyword searches
 * it, a course opens its player in a new tab (a visitor's the login page first, as a course card
 * does), a lecturer their page.
 */
export function SearchBox({ currentKey = null }: Props) {
  const navigate = useNavigate();
  const [value, setValue] = useState(() => (currentKey ?? '').slice(0, TEXT_LIMIT.siteSearch));

  // the search page's keyword changed: the box shows it
  const [shownKey, setShownKey] = useState(currentKey);
  if (currentKey !== shownKey) {
    setShownKey(currentKey);
    if (currentKey !== null) setValue(currentKey.slice(0, TEXT_LIMIT.siteSearch));
  }

  const loginFirst = useLoginFirstHref();
  const targets = useMemo<SearchBoxTargets>(
    () => ({
      search: (key) =>
        startTransition(() => {
          void navigate(`/search?key=${encodeURIComponent(key)}`);
        }),
      course: (course) => window.open(loginFirst(playUrl(course.courseId, course.catalogueId)), '_blank', 'noopener'),
      author: (authorId) =>
        startTransition(() => {
          void navigate(`/authorDes?id=${authorId}`);
        }),
    }),
    [loginFirst, navigate],
  );
  const { combobox, submit } = useSearchBox(value, setValue, checkKeyword, targets);

  return (
    // action: a search sent before the JavaScript has come (a page rendered by the server) is the
    // browser's own GET /search?key=…, which the server renders too
    <chakra.form role="search" action="/search" onSubmit={submit} width="100%" maxW="440px" position="relative">
      <Group attached width="100%">
        <Input
          name="key"
          value={value}
          maxLength={TEXT_LIMIT.siteSearch}
          onChange={(e) => setValue(e.target.value.slice(0, TEXT_LIMIT.siteSearch))}
          placeholder="搜索课程、知识点、专题、讲师"
          aria-label="搜索关键词"
          {...combobox.inputProps}
          bg="gray.50"
          borderColor="gray.200"
          borderRightWidth="0"
          _focusVisible={{ bg: 'white', borderColor: 'red.400', outline: 'none' }}
          size="md"
          borderStartRadius="full"
          ps="5"
        />
        <Button type="submit" colorPalette="red" size="md" borderEndRadius="full" px="5" aria-label="搜索">
          <SearchIcon />
          搜索
        </Button>
      </Group>
      <SuggestionList combobox={combobox} />
    </chakra.form>
  );
}
