import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { AlertIcon } from '../components/icons/Icons';
import { site } from '../site';
import { NavigationProgress } from '../routing/NavigationProgress';

/** First load: the shell's and the page's data are on their way. */
export function AppLoading() {
  return (
    <Center minH="100vh" flexDirection="column" gap="4">
      <NavigationProgress active />
      <Spinner color="red.600" size="lg" borderWidth="3px" />
      <Text color="gray.500" fontSize="sm">
        {site.title} 加载中...
      </Text>
    </Center>
  );
}

/** The shell itself failed (its data or code): a full-page message with retry. */
export function AppError() {
  return (
    <Center minH="100vh" bg="gray.50">
      <Stack align="center" gap="3" bg="white" borderRadius="2xl" borderWidth="1px" px="12" py="10" textAlign="center">
        <Box fontSize="4xl" color="red.500" aria-hidden>
          <AlertIcon />
        </Box>
        <Heading size="md">服务暂时不可用</Heading>
        <Text color="gray.500" fontSize="sm">
          网络异常或服务器繁忙，请稍后重试。
        </Text>
        <Button colorPalette="red" onClick={() => window.location.reload()}>
          重试
        </Button>
      </Stack>
    </Center>
  );
}
