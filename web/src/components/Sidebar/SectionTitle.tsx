import { HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A sidebar section's title (课程分类, 资源统计, 合作伙伴, 联系我们), with an optional control at its end. */
export function SectionTitle({ children, action }: { readonly children: ReactNode; readonly action?: ReactNode }) {
  return (
    <HStack justify="space-between" gap="2" px="3" mt="5" mb="2" minH="6">
      <Text as="h2" fontSize="xs" fontWeight="semibold" color="gray.500" letterSpacing="wider">
        {children}
      </Text>
      {action}
    </HStack>
  );
}
