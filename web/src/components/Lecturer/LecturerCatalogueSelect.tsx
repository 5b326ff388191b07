import { HStack, NativeSelect } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { LecturerCatalogueSelect_query$key } from '../../__generated__/LecturerCatalogueSelect_query.graphql';
import { TOPIC_LECTURER_TEXT } from '../../constants';

const queryFragment = graphql`
  fragment LecturerCatalogueSelect_query on Query {
    authorCatalogues {
      id
      catalogueId
      name
      children {
        id
        catalogueId
        name
      }
    }
  }
`;

export interface CatalogueChoice {
  /** The first-level category, 0 = all. */
  readonly first: number;
  /** Its second-level category, 0 = the whole first-level one. */
  readonly second: number;
}

/**
 * The lecturer list's category filter (§2): a first-level select (default all) and, only when the
 * chosen category has sub-categories, a second-level one.
 */
export function LecturerCatalogueSelect({
  query,
  value,
  onChange,
}: {
  readonly query: LecturerCatalogueSelect_query$key;
  readonly value: CatalogueChoice;
  readonly onChange: (next: CatalogueChoice) => void;
}) {
  const { authorCatalogues } = useFragment(queryFragment, query);
  const selected = authorCatalogues.find((c) => c.catalogueId === value.first) ?? null;
  return (
    <HStack gap="3" wrap="wrap">
      <NativeSelect.Root size="sm" width="auto" minW="40">
        <NativeSelect.Field
          aria-label="一级分类"
          value={String(value.first)}
          onChange={(e) => onChange({ first: Number(e.currentTarget.value), second: 0 })}
        >
          <option value="0">{TOPIC_LECTURER_TEXT.allCatalogues}</option>
          {authorCatalogues.map((c) => (
            <option key={c.id} value={c.catalogueId}>
              {c.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {selected && selected.children.length > 0 ? (
        <NativeSelect.Root size="sm" width="auto" minW="40">
          <NativeSelect.Field
            aria-label="二级分类"
            value={String(value.second)}
            onChange={(e) => onChange({ first: value.first, second: Number(e.currentTarget.value) })}
          >
            <option value="0">{TOPIC_LECTURER_TEXT.allCatalogues}</option>
            {selected.children.map((c) => (
              <option key={c.id} value={c.catalogueId}>
                {c.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
    </HStack>
  );
}
