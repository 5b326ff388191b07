import { Box, HStack } from '@chakra-ui/react';
import { startTransition } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { SubjectTabs_query$key } from '../../__generated__/SubjectTabs_query.graphql';

const queryFragment = graphql`
  fragment SubjectTabs_query on Query {
    subjects {
      id
      catalogueId
      name
    }
  }
`;

/** The home page's horizontal subject tabs: 全部 (scId 0) then every subject. */
export function SubjectTabs({ query, activeId }: { readonly query: SubjectTabs_query$key; readonly activeId: number }) {
  const { subjects } = useFragment(queryFragment, query);
  const navigate = useNavigate();
  const tabs = [{ id: 'all', catalogueId: 0, name: '全部' }, ...subjects];

  return (
    <Box
      role="tablist"
      aria-label="学科"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      px="2"
      overflowX="auto"
      css={{ scrollbarWidth: 'none' }}
    >
      <HStack gap="1" minW="max-content">
        {tabs.map((tab) => {
          const active = tab.catalogueId === activeId;
          return (
            <Box
              as="button"
              role="tab"
              key={tab.id}
              aria-selected={active}
              position="relative"
              px="4"
              py="3"
              fontSize="15px"
              fontWeight={active ? 'bold' : 'medium'}
              color={active ? 'red.600' : 'gray.600'}
              whiteSpace="nowrap"
              _hover={{ color: 'red.600' }}
              onClick={() => {
                if (active) return;
                startTransition(() => {
                  void navigate(tab.catalogueId === 0 ? '/home' : `/home?scId=${tab.catalogueId}`);
                });
              }}
              _after={{
                content: '""',
                position: 'absolute',
                left: '50%',
                bottom: '0',
                height: '3px',
                borderRadius: 'full',
                bg: 'red.600',
                transition: 'all 0.2s',
                width: active ? '24px' : '0',
                transform: 'translateX(-50%)',
              }}
            >
              {tab.name}
            </Box>
          );
        })}
      </HStack>
    </Box>
  );
}
