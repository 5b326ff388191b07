import { Box, Button, Group, Input } from '@chakra-ui/react';
import { startTransition, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, SEARCH_TEXT, TEXT_LIMIT } from '../../constants';
import { saveSearchKeyword } from '../../lib/searchHistory';
import { checkUserText } from '../../lib/userText';
import { SearchIcon } from '../icons/Icons';
import { showMessage } from '../ui/toaster';

interface Props {
  /** The keyword of the search page being shown, mirrored into the box. */
  readonly currentKey?: string | null;
}

/**
 * Header search: at most 50 characters, Enter or the button; the keyword is cleaned by the text
 * policy (lib/userText), nothing visible gives 请输入内容 (§5), a control character or direction
 * override its own notice; a search is saved to the local history.
 */
export function SearchBox({ currentKey = null }: Props) {
  const navigate = useNavigate();
  const [value, setValue] = useState(() => (currentKey ?? '').slice(0, TEXT_LIMIT.siteSearch));

  useEffect(() => {
    if (currentKey !== null) setValue(currentKey.slice(0, TEXT_LIMIT.siteSearch));
  }, [currentKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const verdict = checkUserText(value, { multiline: false, maxLength: TEXT_LIMIT.siteSearch });
    if (!verdict.ok) {
      showMessage(verdict.problem === 'tooLong' ? SEARCH_TEXT.keywordTooLong : SEARCH_TEXT.keywordBadCharacters, 'warning');
      return;
    }
    const key = verdict.text;
    if (!key) {
      showMessage(MESSAGES.emptyInput, 'warning');
      return;
    }
    // §4: making a search saves the keyword to the local history
    saveSearchKeyword(key);
    startTransition(() => {
      void navigate(`/search?key=${encodeURIComponent(key)}`);
    });
  };

  return (
    <Box as="form" role="search" onSubmit={submit} width="100%" maxW="440px">
      <Group attached width="100%">
        <Input
          name="key"
          value={value}
          maxLength={TEXT_LIMIT.siteSearch}
          onChange={(e) => setValue(e.target.value.slice(0, TEXT_LIMIT.siteSearch))}
          placeholder="搜索课程、知识点、专题、讲师"
          aria-label="搜索关键词"
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
    </Box>
  );
}
