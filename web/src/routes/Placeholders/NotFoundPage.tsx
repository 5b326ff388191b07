import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <VStack bg="white" borderRadius="xl" borderWidth="1px" py="20" gap="3" textAlign="center">
      <Heading size="2xl" color="red.600">
        404
      </Heading>
      <Text color="gray.600">页面不存在或已被移除</Text>
      <Button asChild colorPalette="red" size="sm">
        <RouterLink to="/home">返回首页</RouterLink>
      </Button>
    </VStack>
  );
}
