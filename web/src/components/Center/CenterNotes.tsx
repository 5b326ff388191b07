import { Box, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CenterNotes_viewer$key } from '../../__generated__/CenterNotes_viewer.graphql';
import { CollectedNotes } from './CollectedNotes';
import { MyNotes } from './MyNotes';

const viewerFragment = graphql`
  fragment CenterNotes_viewer on Viewer {
    ...MyNotes_viewer
    ...CollectedNotes_viewer
  }
`;

const SUB_TABS = [
  { kind: 'MINE', label: '我的笔记' },
  { kind: 'COLLECTED', label: '收录的笔记' },
] as const;

/** 我的笔记 with its two sub-tabs: the viewer's own notes and the notes they collected (收录). */
export default function CenterNotes({ viewer }: { readonly viewer: CenterNotes_viewer$key }) {
  const data = useFragment(viewerFragment, viewer);
  const [kind, setKind] = useState<'MINE' | 'COLLECTED'>('MINE');
  return (
    <Box>
      <HStack role="tablist" aria-label="笔记类型" gap="2" mb="4">
        {SUB_TABS.map((tab) => {
          const active = tab.kind === kind;
          return (
            <Box
              as="button"
              role="tab"
              key={tab.kind}
              aria-selected={active}
              px="4"
              py="1.5"
              borderRadius="full"
              fontSize="sm"
              fontWeight={active ? 'semibold' : 'normal'}
              bg={active ? 'red.600' : 'gray.100'}
              color={active ? 'white' : 'gray.600'}
              _hover={active ? undefined : { bg: 'red.50', color: 'red.700' }}
              onClick={() => setKind(tab.kind)}
            >
              {tab.label}
            </Box>
          );
        })}
      </HStack>
      {kind === 'MINE' ? <MyNotes viewer={data} /> : <CollectedNotes viewer={data} />}
    </Box>
  );
}
