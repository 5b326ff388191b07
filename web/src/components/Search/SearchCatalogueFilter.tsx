import { NativeSelect } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { SearchCatalogueFilter_query$key } from '../../__generated__/SearchCatalogueFilter_query.graphql';

// The same tree the sidebar shows (the gateway reads it once per operation).
const queryFragment = graphql`
  fragment SearchCatalogueFilter_query on Query {
    subjects {
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

interface Props {
  readonly query: SearchCatalogueFilter_query$key;
  /** 0 = every catalogue. */
  readonly value: number;
  readonly onChange: (catalogueId: number) => void;
}

/** The catalogue filter (§2): subjects and their categories; the search keeps to the chosen subtree. */
export function SearchCatalogueFilter({ query, value, onChange }: Props) {
  const { subjects } = useFragment(queryFragment, query);
  const known =
    value === 0 || subjects.some((s) => s.catalogueId === value || s.children.some((c) => c.catalogueId === value));
  return (
    <NativeSelect.Root size="sm" width="auto" minW="48">
      <NativeSelect.Field
        aria-label="分类筛选"
        value={String(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        <option value="0">全部分类</option>
        {/* a deeper catalogue from the address (a sub-category) stays selected */}
        {known ? null : <option value={String(value)}>所选分类</option>}
        {subjects.map((subject) => (
          <optgroup key={subject.id} label={subject.name}>
            <option value={String(subject.catalogueId)}>{`${subject.name}（全部）`}</option>
            {subject.children.map((child) => (
              <option key={child.id} value={String(child.catalogueId)}>
                {child.name}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
