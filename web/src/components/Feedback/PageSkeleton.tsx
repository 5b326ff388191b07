import { Box, SimpleGrid, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';

/** Shown while a page's data is still on its way (the navigation gave up waiting). */
export function PageSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="加载中">
      <Skeleton height="10" width="60%" borderRadius="lg" />
      <SimpleGrid columns={{ base: 2, lg: 3, xl: 4 }} gap="5">
        {Array.from({ length: 8 }, (_, i) => (
          <Box key={i} bg="white" borderRadius="xl" overflow="hidden" borderWidth="1px">
            <Skeleton aspectRatio={16 / 9} />
            <Box p="3">
              <SkeletonText noOfLines={2} />
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
