import { Box, Button, HStack, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AlertIcon } from '../icons/Icons';

interface Props {
  readonly title: string;
  readonly description?: string;
  readonly onRetry?: () => void;
}

export function ErrorView({ title, description, onRetry }: Props) {
  return (
    <VStack role="alert" gap="3" py="16" px="6" textAlign="center" bg="white" borderRadius="xl" borderWidth="1px">
      <Box fontSize="4xl" color="red.500" aria-hidden>
        <AlertIcon />
      </Box>
      <Heading size="md">{title}</Heading>
      {description ? (
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      ) : null}
      <HStack gap="3">
        {onRetry ? (
          <Button colorPalette="red" size="sm" onClick={onRetry}>
            重试
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/home">返回首页</RouterLink>
        </Button>
      </HStack>
    </VStack>
  );
}
