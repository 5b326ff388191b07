import { Box, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SectionHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <HStack justify="space-between" mb="4" gap="4">
      <HStack gap="3" align="baseline">
        <Box width="4px" height="18px" bg="red.600" borderRadius="full" alignSelf="center" />
        <Text as="h2" fontSize="xl" fontWeight="bold" color="gray.900">
          {title}
        </Text>
        {subtitle ? (
          <Text fontSize="sm" color="gray.500">
            {subtitle}
          </Text>
        ) : null}
      </HStack>
      {actions ? <HStack gap="2">{actions}</HStack> : null}
    </HStack>
  );
}
