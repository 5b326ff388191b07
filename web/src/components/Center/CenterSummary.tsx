import { Avatar, Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CenterSummary_viewer$key } from '../../__generated__/CenterSummary_viewer.graphql';
import { MailIcon, PhoneIcon } from '../icons/Icons';

const viewerFragment = graphql`
  fragment CenterSummary_viewer on Viewer {
    name
    headPicture
    comName
    email
    phoneNumber
  }
`;

/**
 * The top of the personal centre: who is signed in, the organisation, and the contact e-mail and
 * phone, read-only here (§2: they are changed on the login service's pages, from 账户设置).
 */
export function CenterSummary({ viewer }: { readonly viewer: CenterSummary_viewer$key }) {
  const data = useFragment(viewerFragment, viewer);
  const name = data.name ?? '用户';
  return (
    <Flex
      as="section"
      aria-label="个人信息"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      px="6"
      py="5"
      gap="5"
      align="center"
      wrap="wrap"
      bgGradient="to-r"
      gradientFrom="red.50"
      gradientTo="white"
    >
      <Avatar.Root size="2xl" flexShrink={0}>
        <Avatar.Fallback name={name} />
        {data.headPicture ? <Avatar.Image src={data.headPicture} alt={`${name}的头像`} /> : null}
      </Avatar.Root>
      <Stack gap="1.5" minW="0" flex="1">
        <HStack gap="2" wrap="wrap">
          <Text as="h1" fontSize="xl" fontWeight="bold" color="gray.900" truncate>
            {name}
          </Text>
          {data.comName ? (
            <Badge colorPalette="red" variant="subtle" title="所属机构">
              {data.comName}
            </Badge>
          ) : (
            <Badge colorPalette="gray" variant="subtle">
              个人用户
            </Badge>
          )}
        </HStack>
        <HStack gap="6" wrap="wrap" fontSize="sm" color="gray.600">
          <ContactItem icon={<MailIcon />} label="邮箱" value={data.email} />
          <ContactItem icon={<PhoneIcon />} label="手机" value={data.phoneNumber} />
        </HStack>
      </Stack>
    </Flex>
  );
}

function ContactItem({
  icon,
  label,
  value,
}: {
  readonly icon: ReactNode;
  readonly label: string;
  readonly value: string | null | undefined;
}) {
  return (
    <HStack gap="1.5">
      <Box color="gray.500" aria-hidden>
        {icon}
      </Box>
      <Text>
        {label}：
        {value ? (
          <Text as="span" color="gray.800">
            {value}
          </Text>
        ) : (
          <Text as="span" color="gray.500">
            未绑定
          </Text>
        )}
      </Text>
    </HStack>
  );
}
