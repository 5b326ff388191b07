import { Box, Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  startTransition,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MobileSearchQuery } from '../../__generated__/MobileSearchQuery.graphql';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { SEARCH_TABS, tabCount } from '../../components/Search/SearchTabs';
import { SuggestionList } from '../../components/SearchSuggest/SuggestionList';
import { useSearchBox, type SearchBoxTargets } from '../../components/SearchSuggest/useSearchBox';
import { SEARCH_MENU, SEARCH_TEXT, TEXT_LIMIT } from '../../constants';
import { formatCount } from '../../lib/formatCount';
import { clearSearchHistory, saveSearchKeyword, useSearchHistory } from '../../lib/searchHistory';
import { checkKeyword, keywordProblem } from '../Search/searchParams';
import { mobileLecturerUrl, mobilePlayUrl, mobileSearchUrl } from '../../components/Mobile/mobileLinks';
import { mobileSearchKeyword } from './mobileParams';
import { MobileSection } from '../../components/Mobile/MobileSections';
import { mobileSearchQuery } from './MobileSearchQuery';
import {
  LecturerHitTile,
  CourseHitRow,
  KnowledgePointRow,
  TopicHitRow,
} from '../../components/Mobile/MobileSearchRows';
import {
  MobileSearchLecturers,
  MobileSearchCourses,
  MobileSearchKnowledgePoints,
  MobileSearchTopics,
} from '../../components/Mobile/MobileSearchTabs';

/** /m/search?key=&menuIndex=: the search box, the history when nothing is searched, the results otherwise. */
export default function MobileSearchPage({ queryRef, search }: OptionalQueryPageProps<MobileSearchQuery>) {
  const keyword = mobileSearchKeyword(search);
  return (
    <>
      <MobileSearchBox key={keyword} initial={keyword} />
      {queryRef ? (
        <MobileSearchResults queryRef={queryRef} />
      ) : (
        <>
          {keyword !== '' && (
            <Text role="alert" color="red.600" fontSize="sm" mb="3">
              {keywordProblem(keyword)}
            </Text>
          )}
          <MobileSearchHistory />
        </>
      )}
    </>
  );
}

function MobileSearchBox({ initial }: { readonly initial: string }) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  // suggestions as one types: a keyword searches it, a course opens /m/play, a lecturer /m/authorDes
  const targets = useMemo<SearchBoxTargets>(
    () => ({
      search: (keyword) => {
        setProblem(null);
        void navigate(mobileSearchUrl(keyword));
      },
      course: (course) => void navigate(mobilePlayUrl({ courseId: course.courseId, catalogueId: course.catalogueId })),
      author: (authorId) => void navigate(mobileLecturerUrl(authorId)),
    }),
    [navigate],
  );
  const check = useCallback((typed: string) => {
    const { keyword, problem: why } = checkKeyword(typed);
    setProblem(why);
    return why ? null : keyword;
  }, []);
  const { combobox, submit } = useSearchBox(value, setValue, check, targets);
  return (
    // action and name: a search sent before the JavaScript has come is GET /m/search?key=…, rendered by the server
    <chakra.form role="search" action="/m/search" onSubmit={submit} mb="3" position="relative">
      <HStack gap="2">
        <Input
          name="key"
          type="search"
          enterKeyHint="search"
          aria-label="搜索关键词"
          {...combobox.inputProps}
          placeholder="请输入内容"
          maxLength={TEXT_LIMIT.siteSearch}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          bg="white"
          h="44px"
          fontSize="md"
          borderRadius="full"
        />
        <Button type="submit" colorPalette="red" h="44px" px="5" borderRadius="full">
          搜索
        </Button>
      </HStack>
      <SuggestionList combobox={combobox} touch />
      {problem && (
        <Text role="alert" color="red.600" fontSize="sm" mt="2">
          {problem}
        </Text>
      )}
    </chakra.form>
  );
}

function MobileSearchHistory() {
  const history = useSearchHistory();
  if (history.length === 0) return <EmptyState text={SEARCH_TEXT.noKeyword} />;
  return (
    <MobileSection title="搜索历史">
      <HStack as="ul" aria-label="搜索历史" listStyleType="none" gap="2" wrap="wrap">
        {history.map((keyword) => (
          <li key={keyword}>
            <Button asChild variant="subtle" size="sm" h="40px" borderRadius="full">
              <RouterLink to={mobileSearchUrl(keyword)} onClick={() => saveSearchKeyword(keyword)}>
                {keyword}
              </RouterLink>
            </Button>
          </li>
        ))}
      </HStack>
      <Button variant="ghost" size="sm" mt="3" h="40px" color="gray.500" onClick={clearSearchHistory}>
        清空
      </Button>
    </MobileSection>
  );
}

type SearchCounts = MobileSearchQuery['response']['search']['counts'];

function MobileSearchResults({ queryRef }: { readonly queryRef: PreloadedQuery<MobileSearchQuery> }) {
  const data = usePreloadedQuery<MobileSearchQuery>(mobileSearchQuery, queryRef);
  const navigate = useNavigate();
  const { keyword } = queryRef.variables;
  const { counts, overview } = data.search;
  const variables = queryRef.variables;
  const active = variables.isCourses
    ? SEARCH_MENU.courses
    : variables.isPoints
      ? SEARCH_MENU.knowledgePoints
      : variables.isTopics
        ? SEARCH_MENU.topics
        : variables.isLecturers
          ? SEARCH_MENU.lecturers
          : SEARCH_MENU.all;
  // the chosen tab in view in the strip (讲师 is past a phone's right edge)
  const tabsRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const strip = tabsRef.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!strip || !tab) return;
    const s = strip.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.right > s.right) strip.scrollLeft += t.right - s.right;
    else if (t.left < s.left) strip.scrollLeft -= s.left - t.left;
  }, [active]);
  // a tab is the same search on the same history entry (§4: it starts again at its first page)
  const select = (menuIndex: number) =>
    startTransition(() => {
      void navigate(mobileSearchUrl(keyword, menuIndex), { replace: true });
    });

  return (
    <>
      <HStack
        ref={tabsRef}
        role="tablist"
        aria-label="搜索结果分类"
        gap="2"
        overflowX="auto"
        mb="3"
        pb="1"
        css={{ scrollbarWidth: 'none', WebkitOverflowScrolling: 'touch' }}
      >
        {SEARCH_TABS.map((t) => (
          <Button
            key={t.menuIndex}
            role="tab"
            aria-selected={active === t.menuIndex}
            flexShrink={0}
            h="40px"
            size="sm"
            borderRadius="full"
            variant={active === t.menuIndex ? 'solid' : 'outline'}
            colorPalette="red"
            bg={active === t.menuIndex ? undefined : 'white'}
            onClick={() => select(t.menuIndex)}
          >
            {/* every tab with its count, 综合 the sum, in the site's one number format (as on /search) */}
            {`${t.label} ${formatCount(tabCount(t.menuIndex, counts))}`}
          </Button>
        ))}
      </HStack>

      {overview && <MobileSearchOverview overview={overview} counts={counts} onMore={select} />}
      {data.courseTab && (
        <MobileSection title={`课程（${counts.courseCount}）`} label="课程结果">
          <MobileSearchCourses query={data.courseTab} />
        </MobileSection>
      )}
      {data.pointTab && (
        <MobileSection title={`知识点（${counts.knowledgePointCount}）`} label="知识点结果">
          <MobileSearchKnowledgePoints query={data.pointTab} />
        </MobileSection>
      )}
      {data.topicTab && (
        <MobileSection title={`专题（${counts.topicCount}）`} label="专题结果">
          <MobileSearchTopics query={data.topicTab} />
        </MobileSection>
      )}
      {data.authorTab && (
        <MobileSection title={`讲师（${counts.authorCount}）`} label="讲师结果">
          <MobileSearchLecturers query={data.authorTab} />
        </MobileSection>
      )}
    </>
  );
}

type Overview = NonNullable<MobileSearchQuery['response']['search']['overview']>;

/** 综合: the first results of every group, each with 查看更多 to its own tab when there are more. */
function MobileSearchOverview({
  overview,
  counts,
  onMore,
}: {
  readonly overview: Overview;
  readonly counts: SearchCounts;
  readonly onMore: (menuIndex: number) => void;
}) {
  const nothing =
    overview.courses.length + overview.knowledgePoints.length + overview.topics.length + overview.authors.length === 0;
  if (nothing) return <EmptyState text={SEARCH_TEXT.noResults} />;
  return (
    <>
      {overview.courses.length > 0 && (
        <ResultGroup
          title="课程"
          total={counts.courseCount}
          shown={overview.courses.length}
          onMore={() => onMore(SEARCH_MENU.courses)}
        >
          {overview.courses.map((hit) => (
            <CourseHitRow key={hit.course.id} hit={hit} />
          ))}
        </ResultGroup>
      )}
      {overview.knowledgePoints.length > 0 && (
        <ResultGroup
          title="知识点"
          total={counts.knowledgePointCount}
          shown={overview.knowledgePoints.length}
          onMore={() => onMore(SEARCH_MENU.knowledgePoints)}
        >
          {overview.knowledgePoints.map((point) => (
            <KnowledgePointRow key={point.id} point={point} />
          ))}
        </ResultGroup>
      )}
      {overview.topics.length > 0 && (
        <ResultGroup
          title="专题"
          total={counts.topicCount}
          shown={overview.topics.length}
          onMore={() => onMore(SEARCH_MENU.topics)}
        >
          {overview.topics.map((hit) => (
            <TopicHitRow key={hit.topic.id} hit={hit} />
          ))}
        </ResultGroup>
      )}
      {overview.authors.length > 0 && (
        <MobileSection title={`讲师（${counts.authorCount}）`} label="讲师">
          <Box
            as="ul"
            aria-label="讲师"
            listStyleType="none"
            display="grid"
            gridTemplateColumns="repeat(3, 1fr)"
            gap="2"
          >
            {overview.authors.map((hit) => (
              <LecturerHitTile key={hit.author.id} hit={hit} />
            ))}
          </Box>
          <MoreButton
            title="讲师"
            total={counts.authorCount}
            shown={overview.authors.length}
            onMore={() => onMore(SEARCH_MENU.lecturers)}
          />
        </MobileSection>
      )}
    </>
  );
}

function ResultGroup({
  title,
  total,
  shown,
  onMore,
  children,
}: {
  readonly title: string;
  readonly total: number;
  readonly shown: number;
  readonly onMore: () => void;
  readonly children: ReactNode;
}) {
  return (
    <MobileSection title={`${title}（${total}）`} label={title}>
      <Stack as="ul" aria-label={title} listStyleType="none" gap="0">
        {children}
      </Stack>
      <MoreButton title={title} total={total} shown={shown} onMore={onMore} />
    </MobileSection>
  );
}

function MoreButton({
  title,
  total,
  shown,
  onMore,
}: {
  readonly title: string;
  readonly total: number;
  readonly shown: number;
  readonly onMore: () => void;
}) {
  if (total <= shown) return null;
  return (
    <Button variant="ghost" w="full" h="44px" mt="1" color="red.700" fontSize="sm" onClick={onMore}>
      查看全部{title}（{total}）
    </Button>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileSearchQuery } from './MobileSearchQuery';
