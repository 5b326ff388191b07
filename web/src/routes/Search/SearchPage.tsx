import { Box, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { startTransition, useCallback, useRef } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate, useNavigation } from 'react-router-dom';
import type { SearchQuery } from '../../__generated__/SearchQuery.graphql';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { HEADER_HEIGHT } from '../../components/Header/Header';
import { SearchLecturerList } from '../../components/Search/SearchLecturerList';
import { SearchCatalogueFilter } from '../../components/Search/SearchCatalogueFilter';
import { SearchCourseList } from '../../components/Search/SearchCourseList';
import { SearchKnowledgePointList } from '../../components/Search/SearchKnowledgePointList';
import { SearchOverview } from '../../components/Search/SearchOverview';
import { SearchSidePanel } from '../../components/Search/SearchSidePanel';
import { SearchTabs, searchPanelId, searchTabId } from '../../components/Search/SearchTabs';
import { SearchTopicList } from '../../components/Search/SearchTopicList';
import { SEARCH_MENU, SEARCH_TEXT } from '../../constants';
import { saveSearchKeyword } from '../../lib/searchHistory';
import { readSearchParams, searchUrl } from './searchParams';
import { searchQuery } from './SearchQuery';

/**
 * /search (§2): without a usable keyword the route sends no query and the page says why
 * (请输入搜索关键词); otherwise the results of the tab menuIndex names.
 */
export default function SearchPage({ queryRef, search }: OptionalQueryPageProps<SearchQuery>) {
  const { problem, menuIndex } = readSearchParams(search);
  if (problem !== null || !queryRef) {
    return (
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" role="status">
        <EmptyState text={problem ?? SEARCH_TEXT.noKeyword} />
      </Box>
    );
  }
  return <SearchResults queryRef={queryRef} menuIndex={menuIndex} />;
}

function SearchResults({
  queryRef,
  menuIndex,
}: {
  readonly queryRef: PreloadedQuery<SearchQuery>;
  readonly menuIndex: number;
}) {
  const data = usePreloadedQuery<SearchQuery>(searchQuery, queryRef);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const tabsRef = useRef<HTMLDivElement>(null);
  const { keyword, catalogueId } = queryRef.variables;
  const { counts, overview } = data.search;

  // Every change stays on this history entry: tabs, the filter, hot and history keywords (§4).
  const go = useCallback(
    (url: string) =>
      startTransition(() => {
        void navigate(url, { replace: true });
      }),
    [navigate],
  );

  const pending =
    navigation.location?.pathname === '/search'
      ? readSearchParams(new URLSearchParams(navigation.location.search))
      : null;
  // A new search (from the header box) may be loading, or already in the address bar, while this
  // page still shows the previous keyword: a tab chosen meanwhile applies to that search, not to
  // the keyword on screen. Read at click time.
  const currentSearch = () => {
    if (pending && pending.problem === null) return pending;
    const here =
      window.location.pathname === '/search' ? readSearchParams(new URLSearchParams(window.location.search)) : null;
    return here && here.problem === null ? here : { keyword, catalogueId };
  };

  const selectTab = (next: number) => {
    const target = currentSearch();
    // 更多 sits below: bring the tabs back into view for the new tab's first page
    const tabs = tabsRef.current;
    const headerPx = Number.parseInt(HEADER_HEIGHT, 10);
    if (tabs && tabs.getBoundingClientRect().top < headerPx) {
      window.scrollTo({
        top: Math.max(0, window.scrollY + tabs.getBoundingClientRect().top - headerPx - 16),
        left: 0,
        behavior: 'instant',
      });
    }
    go(searchUrl({ keyword: target.keyword, menuIndex: next, catalogueId: target.catalogueId }));
  };
  const changeCatalogue = (next: number) => go(searchUrl({ keyword, menuIndex, catalogueId: next }));
  // a hot or history keyword: saved first in the history, searched in place of this one on the
  // same tab (the catalogue filter belonged to the previous keyword), from the top of the page
  const searchKeyword = (next: string) => {
    saveSearchKeyword(next);
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    go(searchUrl({ keyword: next.trim(), menuIndex }));
  };

  // While the next tab loads, it is already the selected one and the old results fade.
  const pendingTab =
    pending && pending.keyword === keyword && pending.catalogueId === catalogueId ? pending.menuIndex : null;
  const activeTab = pendingTab ?? menuIndex;
  const isPending = navigation.state !== 'idle' && pending !== null;

  const hasSuggestions = data.catalogueSuggestions.some((s) => s.catalogue !== null);

  return (
    <Stack gap="4">
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap" px="5" pt="4" pb="2">
          <Flex gap="3" align="center" minW="0">
            <Box width="4px" height="20px" bg="red.600" borderRadius="full" flexShrink={0} />
            <Text as="h1" fontSize="xl" fontWeight="bold" color="gray.900" truncate>
              {`“${keyword}”的搜索结果`}
            </Text>
          </Flex>
          <SearchCatalogueFilter query={data} value={catalogueId} onChange={changeCatalogue} />
        </Flex>
        <Box ref={tabsRef}>
          <SearchTabs active={activeTab} counts={counts} onSelect={selectTab} />
        </Box>
      </Box>
      <Grid
        templateColumns={data.sidePanel ? { base: '1fr', lg: 'minmax(0, 1fr) 280px' } : '1fr'}
        gap="5"
        alignItems="start"
      >
        <Box
          role="tabpanel"
          id={searchPanelId(menuIndex)}
          aria-labelledby={searchTabId(menuIndex)}
          aria-busy={isPending}
          opacity={isPending ? 0.55 : 1}
          transition="opacity 0.2s"
          minW="0"
        >
          {menuIndex === SEARCH_MENU.all && overview ? (
            <SearchOverview
              overview={overview}
              suggestions={data.catalogueSuggestions}
              hasSuggestions={hasSuggestions}
              counts={counts}
              onMore={selectTab}
            />
          ) : null}
          {data.courseTab ? <SearchCourseList query={data.courseTab} /> : null}
          {data.pointTab ? <SearchKnowledgePointList query={data.pointTab} /> : null}
          {data.topicTab ? <SearchTopicList query={data.topicTab} /> : null}
          {data.authorTab ? <SearchLecturerList query={data.authorTab} /> : null}
        </Box>
        {data.sidePanel ? (
          <SearchSidePanel
            query={data.sidePanel}
            suggestions={data.catalogueSuggestions}
            hasSuggestions={hasSuggestions}
            onKeyword={searchKeyword}
          />
        ) : null}
      </Grid>
    </Stack>
  );
}
