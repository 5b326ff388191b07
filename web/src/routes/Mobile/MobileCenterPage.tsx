import { Avatar, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { commitMutation, graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { MobileCenterPageLogoutMutation } from '../../__generated__/MobileCenterPageLogoutMutation.graphql';
import type { MobileCenterQuery } from '../../__generated__/MobileCenterQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import { BookIcon, ChevronRightIcon, ClockIcon, MessageIcon, UserIcon, VideoIcon } from '../../components/icons/Icons';
import { showMessage } from '../../components/ui/toaster';
import { UnreadMessagesBadge } from '../../components/UnreadMessages/UnreadMessages';
import { forgetPreviousViewer } from '../../relay/ViewerIdentity';
import { loginPageUrl } from '../../site';
import { mobileCenterUrl } from '../../components/Mobile/mobileLinks';
import type { MobileCenterSection } from '../../components/Mobile/mobilePaths';
import { mobileCenterQuery } from './MobileCenterQuery';

const logoutMutation = graphql`
  mutation MobileCenterPageLogoutMutation($input: LogoutInput!) {
    logout(input: $input) {
      viewer {
        ...ViewerIdentity_viewer
      }
      errors {
        message
      }
    }
  }
`;

/** 我的's rows, in the order a student looks for them. */
const ROWS: ReadonlyArray<{ readonly section: MobileCenterSection; readonly label: string; readonly icon: ReactNode }> =
  [
    { section: 'history', label: '历史记录', icon: <ClockIcon /> },
    { section: 'favourites', label: '我的收藏', icon: <StarIcon /> },
    { section: 'notes', label: '我的笔记', icon: <BookIcon /> },
    { section: 'fragments', label: '截取片段', icon: <VideoIcon /> },
    { section: 'messages', label: '消息', icon: <MessageIcon /> },
  ];

/**
 * 我的 (/m/center, the phone's personal centre): who is signed in, rows to the history, favourites,
 * notes, clips and messages (each its own page), and 退出登录. A visitor is asked to log in: the
 * login page opens in this tab and comes back here signed in (§6: the centre needs login).
 */
export default function MobileCenterPage({ queryRef }: PageProps<MobileCenterQuery>) {
  const { viewer, site } = usePreloadedQuery<MobileCenterQuery>(mobileCenterQuery, queryRef);
  const location = useLocation();
  if (ANONYMOUS_USER_TYPES.includes(viewer.userType)) {
    const back = new URL(`${location.pathname}${location.search}`, window.location.origin).toString();
    return (
      <Stack
        as="section"
        aria-label="登录提示"
        align="center"
        gap="4"
        bg="white"
        borderRadius="xl"
        px="6"
        py="10"
        textAlign="center"
      >
        <Box fontSize="4xl" color="gray.400" aria-hidden>
          <UserIcon />
        </Box>
        <Text fontWeight="semibold">登录后查看历史记录、收藏、笔记、片段和消息</Text>
        <Button asChild colorPalette="red" minW="160px" minH="44px">
          <a href={loginPageUrl(site.loginUrl, back)}>登录</a>
        </Button>
      </Stack>
    );
  }

  const name = viewer.name ?? '用户';
  return (
    <Stack gap="3">
      <HStack
        as="section"
        aria-label="个人信息"
        gap="4"
        bg="white"
        borderRadius="xl"
        p="4"
        bgGradient="to-r"
        gradientFrom="red.50"
        gradientTo="white"
      >
        <Avatar.Root size="xl" flexShrink={0}>
          <Avatar.Fallback name={name} />
          {viewer.headPicture ? <Avatar.Image src={viewer.headPicture} alt={`${name}的头像`} /> : null}
        </Avatar.Root>
        <Stack gap="1" minW="0">
          <Text as="h2" fontSize="lg" fontWeight="bold" truncate>
            {name}
          </Text>
          <Badge alignSelf="flex-start" colorPalette={viewer.comName ? 'red' : 'gray'} variant="subtle">
            {viewer.comName ?? '个人用户'}
          </Badge>
        </Stack>
      </HStack>

      <Box as="nav" aria-label="我的" bg="white" borderRadius="xl" px="4">
        <Stack as="ul" gap="0" listStyleType="none">
          {ROWS.map((row) => (
            <Box as="li" key={row.section} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
              <RouterLink to={mobileCenterUrl(row.section)}>
                <HStack minH="52px" gap="3" color="gray.800" _active={{ bg: 'gray.50' }}>
                  <Box fontSize="xl" color="red.600" aria-hidden>
                    {row.icon}
                  </Box>
                  <Text flex="1">{row.label}</Text>
                  {row.section === 'messages' ? <UnreadMessagesBadge /> : null}
                  <Box color="gray.400" aria-hidden>
                    <ChevronRightIcon />
                  </Box>
                </HStack>
              </RouterLink>
            </Box>
          ))}
        </Stack>
      </Box>

      <LogoutButton />
    </Stack>
  );
}

/**
 * 退出登录: the gateway answers with the viewer that results (on a recognised network, the
 * organisation's identity), written over the old one, so this page becomes the visitor's (or the
 * organisation's) at once; the previous person's lists in the store are invalidated.
 */
function LogoutButton() {
  const environment = useRelayEnvironment();
  const [leaving, setLeaving] = useState(false);
  const logout = () => {
    if (leaving) return;
    setLeaving(true);
    commitMutation<MobileCenterPageLogoutMutation>(environment, {
      mutation: logoutMutation,
      variables: { input: {} },
      updater: forgetPreviousViewer,
      onCompleted: (response) => {
        setLeaving(false);
        const error = response.logout?.errors[0]?.message;
        showMessage(error ?? '已退出登录', error ? 'error' : 'success');
      },
      // §8: a failed request shows no message; the person is still signed in and may try again
      onError: () => setLeaving(false),
    });
  };
  return (
    <Button
      variant="outline"
      colorPalette="red"
      bg="white"
      minH="48px"
      borderRadius="xl"
      loading={leaving}
      onClick={logout}
    >
      退出登录
    </Button>
  );
}

function StarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileCenterQuery } from './MobileCenterQuery';
