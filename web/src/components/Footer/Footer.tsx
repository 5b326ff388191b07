import { Box, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { site } from '../../site';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" mt="10" borderTopWidth="1px" borderColor="gray.200" py="6" color="gray.500" fontSize="13px">
      <Flex justify="space-between" gap="6" wrap="wrap">
        <Stack gap="1">
          <Text fontWeight="semibold" color="gray.700">
            {site.title} · {site.description}
          </Text>
          <Text>{site.slogan}</Text>
        </Stack>
        <Stack gap="1">
          <HStack gap="4">
            {site.footer.links.map((l) => (
              <Link key={l.href} asChild color="gray.600" _hover={{ color: 'red.600' }}>
                <RouterLink to={l.href}>{l.label}</RouterLink>
              </Link>
            ))}
          </HStack>
          <Text>
            联系电话 {site.contact.phone} · {site.contact.email}
          </Text>
          <Text>地址：{site.contact.address}</Text>
        </Stack>
      </Flex>
      <Text mt="4" fontSize="12px" color="gray.500">
        © {year} {site.footer.company} 版权所有 · {site.footer.icp}
      </Text>
    </Box>
  );
}
