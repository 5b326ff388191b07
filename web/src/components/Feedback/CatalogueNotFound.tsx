import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { InboxIcon } from '../icons/Icons';

/** An unknown catalogue id (/home?scId=, /catalog?scId=): a plain answer inside the page, not an error. */
export function CatalogueNotFound() {
  return (
    <VStack
      role="status"
      gap="3"
      py="16"
      px="6"
      textAlign="center"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
    >
      <Box fontSize="4xl" color="gray.300" aria-hidden>
        <InboxIcon />
      </Box>
      <Heading as="h1" size="md" color="gray.800">
        分类不存在
      </Heading>
      <Text color="gray.500" fontSize="sm">
        您访问的分类不存在或已下线，去首页看看其他课程吧。
      </Text>
      <Button asChild colorPalette="red" size="sm" mt="1">
        <RouterLink to="/home">返回首页</RouterLink>
      </Button>
    </VStack>
  );
}
