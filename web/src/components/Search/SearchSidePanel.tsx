import { AspectRatio, Box, Button, HStack, Image, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogueSuggestionChips_suggestions$key } from '../../__generated__/CatalogueSuggestionChips_suggestions.graphql';
import type { SearchSidePanel_query$key } from '../../__generated__/SearchSidePanel_query.graphql';
import { SEARCH } from '../../constants';
import { clearSearchHistory, useSearchHistory } from '../../lib/searchHistory';
import { CatalogueSuggestionChips } from './CatalogueSuggestionChips';

// §9: 8 hot keywords, 2 special topics on the search page.
const queryFragment = graphql`
  fragment SearchSidePanel_query on Query {
    hotKeywords(limit: 8) {
      keyword
    }
    featuredTopics(limit: 2) {
      id
      topicId
      title
      image
      courseCount
    }
  }
`;

interface Props {
  readonly query: SearchSidePanel_query$key;
  readonly suggestions: CatalogueSuggestionChips_suggestions$key;
  readonly hasSuggestions: boolean;
  /** A hot or history keyword was clicked: search it (saves it to the history, replaces the route). */
  readonly onKeyword: (keyword: string) => void;
}

/** The right panel of the search tabs (not 综合): 热门搜索, 推荐分类, 推荐专题, 搜索历史. */
export function SearchSidePanel({ query, suggestions, hasSuggestions, onKeyword }: Props) {
  const data = useFragment(queryFragment, query);
  const hot = data.hotKeywords.slice(0, SEARCH.hotKeywords);
  const topics = data.featuredTopics.slice(0, SEARCH.panelTopics);
  return (
    <Stack as="aside" aria-label="搜索推荐" gap="4">
      {hot.length > 0 ? (
        <PanelSection title="热门搜索">
          <Stack as="ol" listStyleType="none" gap="1" aria-label="热门搜索">
            {hot.map((item, i) => (
              <Box as="li" key={item.keyword}>
                <HStack
                  as="button"
                  width="100%"
                  gap="3"
                  py="1.5"
                  px="1"
                  borderRadius="md"
                  textAlign="start"
                  _hover={{ bg: 'gray.50', color: 'red.600' }}
                  onClick={() => onKeyword(item.keyword)}
                >
                  <Box
                    as="span"
                    flexShrink={0}
                    width="5"
                    height="5"
                    display="grid"
                    placeItems="center"
                    borderRadius="sm"
                    fontSize="xs"
                    fontWeight="bold"
                    color={i < 3 ? 'white' : 'gray.500'}
                    bg={i < 3 ? 'red.500' : 'gray.100'}
                    aria-hidden
                  >
                    {i + 1}
                  </Box>
                  <Text as="span" fontSize="sm" truncate>
                    {item.keyword}
                  </Text>
                </HStack>
              </Box>
            ))}
          </Stack>
        </PanelSection>
      ) : null}
      {hasSuggestions ? (
        <PanelSection title="推荐分类">
          <CatalogueSuggestionChips suggestions={suggestions} label="推荐分类" />
        </PanelSection>
      ) : null}
      {topics.length > 0 ? (
        <PanelSection title="推荐专题">
          <Stack as="ul" listStyleType="none" gap="3" aria-label="推荐专题">
            {topics.map((topic) => (
              <Box as="li" key={topic.id}>
                <Box asChild display="block" className="group">
                  <RouterLink to={`/special/des?id=${topic.topicId}`} title={topic.title}>
                    <AspectRatio ratio={640 / 300} bg="gray.100" borderRadius="lg" overflow="hidden">
                      <Image src={topic.image} alt={topic.title} loading="lazy" objectFit="cover" />
                    </AspectRatio>
                    <Text
                      mt="1.5"
                      fontSize="sm"
                      fontWeight="medium"
                      color="gray.800"
                      lineClamp={1}
                      _groupHover={{ color: 'red.600' }}
                    >
                      {topic.title}
                    </Text>
                    <Text fontSize="xs" color="gray.500">{`共 ${topic.courseCount} 门课程`}</Text>
                  </RouterLink>
                </Box>
              </Box>
            ))}
          </Stack>
        </PanelSection>
      ) : null}
      <SearchHistorySection onKeyword={onKeyword} />
    </Stack>
  );
}

/** 搜索历史: this browser's keywords, newest first, 5 shown, with 清空. */
export function SearchHistorySection({ onKeyword }: { readonly onKeyword: (keyword: string) => void }) {
  const history = useSearchHistory();
  return (
    <PanelSection
      title="搜索历史"
      action={
        history.length > 0 ? (
          <Button size="xs" variant="ghost" color="gray.500" onClick={clearSearchHistory} aria-label="清空搜索历史">
            清空
          </Button>
        ) : null
      }
    >
      {history.length === 0 ? (
        <Text fontSize="sm" color="gray.500">
          暂无搜索历史
        </Text>
      ) : (
        <Wrap as="ul" listStyleType="none" gap="2" aria-label="搜索历史">
          {history.slice(0, SEARCH.historyShown).map((keyword) => (
            <Box as="li" key={keyword} maxW="100%">
              <Box
                as="button"
                maxW="100%"
                fontSize="sm"
                color="gray.700"
                bg="gray.50"
                borderRadius="md"
                px="2.5"
                py="1"
                overflow="hidden"
                textOverflow="ellipsis"
                whiteSpace="nowrap"
                _hover={{ color: 'red.600', bg: 'red.50' }}
                onClick={() => onKeyword(keyword)}
                title={keyword}
              >
                {keyword}
              </Box>
            </Box>
          ))}
        </Wrap>
      )}
    </PanelSection>
  );
}

function PanelSection({
  title,
  action,
  children,
}: {
  readonly title: string;
  readonly action?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <Box as="section" aria-label={title} bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" p="4">
      <HStack justify="space-between" mb="3">
        <Text as="h2" fontSize="md" fontWeight="bold" color="gray.900">
          {title}
        </Text>
        {action}
      </HStack>
      {children}
    </Box>
  );
}
