import { Box, Button, HStack, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useOpenLoginPage } from '../../app/LoginPage';
import { AlertIcon, UserIcon } from '../icons/Icons';
import { PLAY_TEXT } from './playText';

/**
 * §2 play page error view (an unknown course, no play data, a failure): the sentence of §8 and
 * the way back to the courses.
 */
export function PlayErrorView({ onRetry }: { readonly onRetry?: () => void }) {
  return (
    <VStack role="alert" gap="4" py="20" px="6" textAlign="center" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100">
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

/**
 * §2/§5: playing needs login. A visitor's tab opens the login page in a new tab once (browsers
 * may refuse a tab nobody clicked for), and the prompt's 登录 does it on a click. The login page
 * comes back to this very URL; this tab then catches up by itself (the viewer is asked again when
 * it comes to the front, and the page loads for the signed-in person).
 */
export function LoginPrompt() {
  // no login page opened by itself: without a click behind it a popup blocker may eat it, and a
  // visitor's course card already opened it (CourseCard: the login page first)
  const openLogin = useOpenLoginPage();
  return (
    <VStack gap="4" py="20" px="6" textAlign="center" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100">
      <Box fontSize="5xl" color="red.400" aria-hidden>
        <UserIcon />
      </Box>
      <Heading as="h1" size="md" color="gray.800">
        {PLAY_TEXT.loginRequired}
      </Heading>
      <Text fontSize="sm" color="gray.500">
        点击「登录」在新标签页中登录，登录后回到本课程。
      </Text>
      <HStack gap="3">
        <Button colorPalette="red" size="sm" onClick={() => openLogin()}>
          {PLAY_TEXT.login}
        </Button>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/home">返回首页</RouterLink>
        </Button>
      </HStack>
    </VStack>
  );
}
