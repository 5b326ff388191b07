import { Box, Wrap } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogueSuggestionChips_suggestions$key } from '../../__generated__/CatalogueSuggestionChips_suggestions.graphql';
import { Highlighted, plainText } from './Highlighted';

const suggestionsFragment = graphql`
  fragment CatalogueSuggestionChips_suggestions on CatalogueSuggestion @relay(plural: true) {
    catalogueId
    level
    parentId
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    name {
      text
      hit
    }
    catalogue {
      __typename
    }
  }
`;

/** Where a catalogue entry is shown: a subject is a home tab, a category /catalog, a sub-category inside its category. */
export function catalogueSuggestionUrl(s: {
  readonly catalogueId: number;
  readonly level: number;
  readonly parentId: number;
}): string {
  if (s.level <= 1) return `/home?scId=${s.catalogueId}`;
  if (s.level === 2 || s.parentId <= 0) return `/catalog?scId=${s.catalogueId}`;
  return `/catalog?scId=${s.parentId}&tcId=${s.catalogueId}`;
}

/** The catalogue entries whose name matches the keyword, as links; entries the tree no longer has are left out. */
export function CatalogueSuggestionChips({
  suggestions,
  label,
}: {
  readonly suggestions: CatalogueSuggestionChips_suggestions$key;
  readonly label: string;
}) {
  const data = useFragment(suggestionsFragment, suggestions).filter((s) => s.catalogue !== null);
  if (data.length === 0) return null;
  return (
    <Wrap as="ul" gap="2" aria-label={label} listStyleType="none">
      {data.map((s) => (
        <Box as="li" key={s.catalogueId}>
          <Box
            asChild
            display="inline-block"
            fontSize="sm"
            color="gray.700"
            bg="gray.50"
            borderWidth="1px"
            borderColor="gray.200"
            borderRadius="full"
            px="3"
            py="1"
            _hover={{ color: 'red.600', borderColor: 'red.200', bg: 'red.50' }}
          >
            <RouterLink to={catalogueSuggestionUrl(s)} title={plainText(s.name)}>
              <Highlighted segments={s.name} />
            </RouterLink>
          </Box>
        </Box>
      ))}
    </Wrap>
  );
}
