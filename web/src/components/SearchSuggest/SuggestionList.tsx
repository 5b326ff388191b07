import { Box, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { SUGGESTION_GROUPS, type SearchCombobox, type Segment, type SuggestionOption } from './useSearchSuggestions';

function Marked({ segments }: { readonly segments: readonly Segment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.hit ? (
          <Box as="mark" key={index} bg="transparent" color="red.600" fontWeight="semibold">
            {segment.text}
          </Box>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

function label(option: SuggestionOption) {
  return 'keyword' in option ? option.keyword : <Marked segments={option.name} />;
}

/**
 * The listbox under a search box (useSearchSuggestions): options grouped under 搜索历史, 热门搜索,
 * 课程 and 讲师 (role=group, labelled by their heading: the APG's grouped listbox).
 * A press on an option does not take the focus from the box; a click picks it.
 */
export function SuggestionList({
  combobox,
  touch = false,
}: {
  readonly combobox: SearchCombobox;
  readonly touch?: boolean;
}) {
  const { open, options, activeIndex, listId, optionId, setActiveIndex, pick } = combobox;
  const groups = SUGGESTION_GROUPS.map((group) => ({
    ...group,
    entries: options.flatMap((option, index) => (option.kind === group.kind ? [{ option, index }] : [])),
  })).filter((group) => group.entries.length > 0);
  return (
    <Box
      id={listId}
      role="listbox"
      aria-label="搜索建议"
      hidden={!open}
      position="absolute"
      top="calc(100% + 4px)"
      left="0"
      right="0"
      zIndex="dropdown"
      bg="white"
      borderRadius="lg"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="0 12px 28px rgba(15, 23, 42, 0.14)"
      py="1"
      maxH="70vh"
      overflowY="auto"
      onMouseDown={(event) => event.preventDefault()}
    >
      {groups.map((group) => (
        <Box as="ul" key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} listStyleType="none">
          <Box
            as="li"
            role="presentation"
            id={`${listId}-${group.kind}`}
            px="4"
            pt="2"
            pb="1"
            fontSize="xs"
            color="gray.500"
          >
            {group.label}
          </Box>
          {group.entries.map(({ option, index }) => {
            const active = index === activeIndex;
            return (
              <Box
                as="li"
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={active}
                data-kind={option.kind}
                display="flex"
                alignItems="center"
                gap="3"
                px="4"
                minH={touch ? '44px' : '36px'}
                cursor="pointer"
                bg={active ? 'red.50' : undefined}
                color={active ? 'red.700' : 'gray.800'}
                _hover={{ bg: 'red.50' }}
                onMouseMove={() => {
                  if (!active) setActiveIndex(index);
                }}
                onClick={() => pick(option)}
              >
                <Text as="span" flex="1" fontSize="sm" lineClamp={1}>
                  {label(option)}
                </Text>
                {option.kind === 'course' || option.kind === 'author' ? (
                  <Text as="span" fontSize="xs" color="gray.500" lineClamp={1} maxW="45%">
                    {option.detail}
                  </Text>
                ) : null}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
