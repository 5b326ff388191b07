import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { startTransition, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { CatalogueTree_subject$key } from '../../__generated__/CatalogueTree_subject.graphql';
import { CATALOGUE_TREE_VISIBLE_CHILDREN } from '../../constants';
import { ChevronDownIcon, ChevronUpIcon } from '../icons/Icons';

const subjectFragment = graphql`
  fragment CatalogueTree_subject on Catalogue {
    catalogueId
    name
    children {
      id
      catalogueId
      name
    }
  }
`;

interface Props {
  readonly subject: CatalogueTree_subject$key;
  /** The catalogue the page shows (highlighted). */
  readonly activeId?: number | null;
}

/**
 * One subject of the sidebar catalogue tree: the first 5 children, the rest behind 展开/收起.
 * A child opens /catalog?scId={id}; the subject itself opens its home tab.
 */
export function CatalogueTree({ subject, activeId = null }: Props) {
  const data = useFragment(subjectFragment, subject);
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const hiddenCount = Math.max(0, data.children.length - CATALOGUE_TREE_VISIBLE_CHILDREN);
  const visible = expanded ? data.children : data.children.slice(0, CATALOGUE_TREE_VISIBLE_CHILDREN);

  const go = (to: string) =>
    startTransition(() => {
      void navigate(to);
    });

  return (
    <Box as="section" aria-label={data.name}>
      <Text
        as="button"
        width="100%"
        textAlign="start"
        fontSize="sm"
        fontWeight="semibold"
        color={activeId === data.catalogueId ? 'red.600' : 'gray.800'}
        px="3"
        py="1.5"
        borderRadius="md"
        cursor="pointer"
        _hover={{ bg: 'gray.50', color: 'red.600' }}
        onClick={() => go(`/home?scId=${data.catalogueId}`)}
      >
        {data.name}
      </Text>
      <Stack as="ul" gap="0" listStyleType="none" ps="2" mt="0.5">
        {visible.map((child) => {
          const active = activeId === child.catalogueId;
          return (
            <Box as="li" key={child.id}>
              <Text
                as="button"
                width="100%"
                textAlign="start"
                fontSize="13px"
                color={active ? 'red.600' : 'gray.600'}
                bg={active ? 'red.50' : undefined}
                fontWeight={active ? 'medium' : 'normal'}
                px="3"
                py="1"
                borderRadius="md"
                cursor="pointer"
                truncate
                title={child.name}
                _hover={{ bg: active ? 'red.50' : 'gray.50', color: 'red.600' }}
                onClick={() => go(`/catalog?scId=${child.catalogueId}`)}
              >
                {child.name}
              </Text>
            </Box>
          );
        })}
      </Stack>
      {hiddenCount > 0 ? (
        <Button
          variant="plain"
          size="xs"
          color="gray.500"
          ps="5"
          height="7"
          _hover={{ color: 'red.600' }}
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? (
            <>
              收起 <ChevronUpIcon />
            </>
          ) : (
            <>
              展开 <ChevronDownIcon />
            </>
          )}
        </Button>
      ) : null}
    </Box>
  );
}
