import { Box, Heading, Text, VStack } from '@chakra-ui/react';
import { ConstructionIcon } from '../icons/Icons';

/** A page that arrives with a later issue: it names itself and says so. */
export function Placeholder({ name }: { readonly name: string }) {
  return (
    <VStack bg="white" borderRadius="xl" borderWidth="1px" py="20" gap="3" textAlign="center">
      <Box fontSize="4xl" color="red.500" aria-hidden>
        <ConstructionIcon />
      </Box>
      <Heading size="lg">{`${name}（建设中）`}</Heading>
      <Text color="fg.muted" fontSize="sm">
        该页面正在建设中，敬请期待。
      </Text>
    </VStack>
  );
}
