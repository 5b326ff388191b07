import { Box, Text, VStack } from '@chakra-ui/react';
import { InboxIcon } from '../icons/Icons';

export function EmptyState({ text }: { readonly text: string }) {
  return (
    <VStack py="14" gap="2" color="fg.muted">
      <Box fontSize="3xl" color="gray.300" aria-hidden>
        <InboxIcon />
      </Box>
      <Text fontSize="sm">{text}</Text>
    </VStack>
  );
}
