import { Box, Button, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MobileSearchQuery } from '../../__generated__/MobileSearchQuery.graphql';
import type { OptionalQueryPageProps } from '../../app/routeTypes';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { Highlighted, plainText } from '../../components/Search/Highlighted';
import { SEARCH_TEXT, TEXT_LIMIT } from '../../constants';
import { clearSearchHistory, saveSearchKeyword, useSearchHistory } from '../../lib/searchHistory';
import { keywordProblem } from '../Search/searchParams';
import { mobilePlayUrl, mobileSearchKeyword, mobileSearchUrl, mobileTopicUrl } from './mobileLinks';
import { MobileAuthorTile, MobileSection } from './MobileSections';
import { mobileSearchQuery } from './MobileSearchQuery';

/** /m/search?key=: the search box, the history when nothing is searched, the results otherwise. */
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = value.trim();
    const why = keywordProblem(keyword);
    setProblem(why);
    if (why) return;
    saveSearchKeyword(keyword);
    void navigate(mobileSearchUrl(keyword));
  };
  return (
    <Box as="form" role="search" onSubmit={submit} mb="3">
      <HStack gap="2">
        <Input
          type="search"
          enterKeyHint="search"
          aria-label="搜索关键词"
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
      {problem && (
        <Text role="alert" color="red.600" fontSize="sm" mt="2">
          {problem}
        </Text>
      )}
    </Box>
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

type Tab = 'all' | 'courses' | 'points' | 'topics' | 'authors';

function MobileSearchResults({ queryRef }: { readonly queryRef: PreloadedQuery<MobileSearchQuery> }) {
  const { search } = usePreloadedQuery<MobileSearchQuery>(mobileSearchQuery, queryRef);
  const [tab, setTab] = useState<Tab>('all');
  const { counts, overview } = search;
  const tabs: ReadonlyArray<{ id: Tab; label: string; count: number | null }> = [
    { id: 'all', label: '综合', count: null },
    { id: 'courses', label: '课程', count: counts.courseCount },
    { id: 'points', label: '知识点', count: counts.knowledgePointCount },
    { id: 'topics', label: '专题', count: counts.topicCount },
    { id: 'authors', label: '讲师', count: counts.authorCount },
  ];
  const show = (id: Tab) => tab === 'all' || tab === id;
  const nothing =
    overview.courses.length + overview.knowledgePoints.length + overview.topics.length + overview.authors.length === 0;

  return (
    <>
      <HStack
        role="tablist"
        aria-label="搜索结果分类"
        gap="2"
        overflowX="auto"
        mb="3"
        pb="1"
        css={{ scrollbarWidth: 'none', WebkitOverflowScrolling: 'touch' }}
      >
        {tabs.map((t) => (
          <Button
            key={t.id}
            role="tab"
            aria-selected={tab === t.id}
            flexShrink={0}
            h="40px"
            size="sm"
            borderRadius="full"
            variant={tab === t.id ? 'solid' : 'outline'}
            colorPalette="red"
            bg={tab === t.id ? undefined : 'white'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
            {t.count !== null && ` ${t.count}`}
          </Button>
        ))}
      </HStack>

      {nothing && <EmptyState text={SEARCH_TEXT.noResults} />}

      {show('courses') && overview.courses.length > 0 && (
        <ResultGroup title="课程" total={counts.courseCount} shown={overview.courses.length}>
          {overview.courses.map((hit) => (
            <ResultRow key={hit.course.id} to={mobilePlayUrl(hit.course)} image={hit.course.image} label={plainText(hit.name)}>
              <Text fontSize="sm" fontWeight="semibold" lineClamp={2}>
                <Highlighted segments={hit.name} />
              </Text>
              <Text fontSize="xs" color="gray.500" truncate>
                <Highlighted segments={hit.authorName} />
              </Text>
              <Text fontSize="xs" color="gray.600" lineClamp={2}>
                <Highlighted segments={hit.info} />
              </Text>
            </ResultRow>
          ))}
        </ResultGroup>
      )}

      {show('points') && overview.knowledgePoints.length > 0 && (
        <ResultGroup title="知识点" total={counts.knowledgePointCount} shown={overview.knowledgePoints.length}>
          {overview.knowledgePoints.map((point) => (
            <ResultRow
              key={point.id}
              to={mobilePlayUrl({ courseId: point.courseId, catalogueId: point.catalogueId, videoId: point.videoId })}
              label={plainText(point.videoName)}
            >
              <Text fontSize="sm" fontWeight="semibold" lineClamp={1}>
                <Highlighted segments={point.videoName} />
              </Text>
              {point.keyPoints.length > 0 && (
                <Text fontSize="xs" color="gray.700" lineClamp={1}>
                  <Highlighted segments={point.keyPoints} />
                </Text>
              )}
              <Text fontSize="xs" color="gray.600" lineClamp={2}>
                {point.timePointShow} · <Highlighted segments={point.text} />
              </Text>
              <Text fontSize="xs" color="gray.500" truncate>
                {point.courseName}
              </Text>
            </ResultRow>
          ))}
        </ResultGroup>
      )}

      {show('topics') && overview.topics.length > 0 && (
        <ResultGroup title="专题" total={counts.topicCount} shown={overview.topics.length}>
          {overview.topics.map((hit) => (
            <ResultRow key={hit.topic.id} to={mobileTopicUrl(hit.topic.topicId)} image={hit.topic.image} label={plainText(hit.title)}>
              <Text fontSize="sm" fontWeight="semibold" lineClamp={2}>
                <Highlighted segments={hit.title} />
              </Text>
              <Text fontSize="xs" color="gray.600" lineClamp={2}>
                <Highlighted segments={hit.info} />
              </Text>
            </ResultRow>
          ))}
        </ResultGroup>
      )}

      {show('authors') && overview.authors.length > 0 && (
        <MobileSection title={`讲师（${counts.authorCount}）`} label="讲师">
          <Box as="ul" aria-label="讲师" listStyleType="none" display="grid" gridTemplateColumns="repeat(3, 1fr)" gap="2">
            {overview.authors.map((hit) => (
              <MobileAuthorTile
                key={hit.author.id}
                author={hit.author}
                name={<Highlighted segments={hit.name} />}
                position={<Highlighted segments={hit.position} />}
              />
            ))}
          </Box>
        </MobileSection>
      )}
    </>
  );
}

function ResultGroup({ title, total, shown, children }: { readonly title: string; readonly total: number; readonly shown: number; readonly children: ReactNode }) {
  return (
    <MobileSection title={`${title}（${total}）`} label={title}>
      <Stack as="ul" aria-label={title} listStyleType="none" gap="0">
        {children}
      </Stack>
      {total > shown && (
        <Text fontSize="xs" color="gray.500" textAlign="center" pt="2">
          显示前 {shown} 条结果
        </Text>
      )}
    </MobileSection>
  );
}

function ResultRow({ to, image, label, children }: { readonly to: string; readonly image?: string; readonly label: string; readonly children: ReactNode }) {
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <RouterLink to={to} aria-label={label}>
        <HStack gap="3" py="2.5" align="flex-start" minH="48px">
          {image !== undefined && (
            <Image src={image} alt="" w="112px" aspectRatio={16 / 9} objectFit="cover" borderRadius="md" bg="gray.100" flexShrink={0} loading="lazy" />
          )}
          <Stack gap="0.5" minW="0" flex="1">
            {children}
          </Stack>
        </HStack>
      </RouterLink>
    </Box>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileSearchQuery } from './MobileSearchQuery';
