import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PhoneIcon } from '../../components/icons/Icons';

/**
 * A mobile-site address (/m/...) that reached the desktop app, e.g. before the mobile site is
 * deployed: a plain page, never a redirect, so a phone cannot bounce between the two sites.
 */
export default function MobileSitePage() {
  return (
    <VStack bg="white" borderRadius="xl" borderWidth="1px" py="20" gap="3" textAlign="center">
      <Box fontSize="4xl" color="red.500" aria-hidden>
        <PhoneIcon />
      </Box>
      <Heading as="h1" size="lg">
        移动端页面
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        这是手机网页版的地址，请在手机浏览器中打开。
      </Text>
      <Button asChild colorPalette="red" size="sm">
        <RouterLink to="/home">前往电脑版首页</RouterLink>
      </Button>
    </VStack>
  );
}
