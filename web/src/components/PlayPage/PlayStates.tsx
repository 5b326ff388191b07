import { Box, Button, HStack, Heading, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AlertIcon } from '../icons/Icons';
import { PLAY_TEXT } from './playText';

/**
 * §2 play page error view (an unknown course, no play data, a failure): the sentence of §8 and
 * the way back to the courses.
 */
export function PlayErrorView({ onRetry }: { readonly onRetry?: () => void }) {
  return (
    <VStack
      role="alert"
      gap="4"
      py="20"
      px="6"
      textAlign="center"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
    >
      <Box fontSize="5xl" color="red.400" aria-hidden>
        <AlertIcon />
      </Box>
      <Heading as="h1" size="md" color="gray.800">
        {PLAY_TEXT.courseError}
      </Heading>
      <HStack gap="3">
        <Button asChild colorPalette="red" size="sm">
          <RouterLink to="/home">返回首页</RouterLink>
        </Button>
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            重新加载
          </Button>
        ) : null}
      </HStack>
    </VStack>
  );
}
