import { Box, Flex, HStack, IconButton, Text, chakra } from '@chakra-ui/react';
import { NavLink, useLocation, useMatches, useNavigate, useNavigation } from 'react-router-dom';
import { NavigationProgress } from '../../routing/NavigationProgress';
import { RouteHost } from '../../routing/RouteHost';
import type { RouteHandle, RouteRuntime } from '../../routing/routeTypes';
import { AwardIcon, ChevronLeftIcon, HomeIcon, LayersIcon, SearchIcon, UserIcon } from '../../components/icons/Icons';
import { Toaster } from '../../components/ui/toaster';
import { UnreadMessagesBadge } from '../../components/UnreadMessages/UnreadMessages';
import { site } from '../../site';
import {
  MOBILE_LECTURERS,
  MOBILE_CENTER,
  MOBILE_HOME,
  MOBILE_SEARCH,
  MOBILE_TOPICS,
} from '../../components/Mobile/mobileLinks';

/** Width of the mobile site's column: phones use all of it, a tablet or desktop sees a phone-wide column. */
export const MOBILE_MAX_WIDTH = '640px';
const TOP_BAR_HEIGHT = '52px';
const TAB_BAR_HEIGHT = '60px';

const TABS = [
  { label: '首页', to: MOBILE_HOME, Icon: HomeIcon },
  { label: '专题', to: MOBILE_TOPICS, Icon: LayersIcon },
  { label: '名师', to: MOBILE_LECTURERS, Icon: AwardIcon },
  { label: '搜索', to: MOBILE_SEARCH, Icon: SearchIcon },
  // the personal side: history, favourites, notes, clips, messages, sign out
  { label: '我的', to: MOBILE_CENTER, Icon: UserIcon },
] as const;

const TabLink = chakra(NavLink);

/**
 * The mobile site's own light shell: a top bar with the back arrow and the page's title,
 * the page, and a bottom tab bar. Touch first: every target is at least 44 px, nothing needs hover.
 * The desktop header, sidebar and footer never wrap a /m/ page.
 */
export default function MobileShell({ runtime }: { readonly runtime: RouteRuntime }) {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const handle = (matches[matches.length - 1]?.handle ?? null) as RouteHandle | null;
  const isHome = location.pathname.toLowerCase() === MOBILE_HOME.toLowerCase();
  // the history entry index react-router keeps: 0 is the first page of this visit (nothing to go back
  // to); read on the tap, as the server rendering /m/home has no history
  const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50" data-mobile-site="">
      <NavigationProgress active={navigation.state !== 'idle'} />
      <Box
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="red.700"
        color="white"
        h={TOP_BAR_HEIGHT}
        boxShadow="sm"
      >
        <HStack maxW={MOBILE_MAX_WIDTH} mx="auto" h="full" px="1" gap="1">
          {isHome ? (
            <Box w="44px" />
          ) : (
            <IconButton
              aria-label="返回"
              variant="ghost"
              color="white"
              minW="44px"
              h="44px"
              fontSize="2xl"
              _hover={{ bg: 'transparent' }}
              _active={{ bg: 'whiteAlpha.300' }}
              onClick={() => void (canGoBack() ? navigate(-1) : navigate(MOBILE_HOME))}
            >
              <ChevronLeftIcon />
            </IconButton>
          )}
          <Text as="h1" flex="1" textAlign="center" fontSize="md" fontWeight="bold" truncate>
            {isHome || !handle ? site.title : handle.title}
          </Text>
          <Box w="44px" />
        </HStack>
      </Box>

      <Box
        as="main"
        flex="1"
        w="full"
        maxW={MOBILE_MAX_WIDTH}
        mx="auto"
        px="3"
        pt="3"
        pb={`calc(${TAB_BAR_HEIGHT} + 16px)`}
      >
        <RouteHost runtime={runtime} />
      </Box>

      <Box
        as="nav"
        aria-label="手机网页版导航"
        position="fixed"
        bottom="0"
        insetX="0"
        zIndex="sticky"
        bg="white"
        borderTopWidth="1px"
        pb="env(safe-area-inset-bottom)"
      >
        <HStack maxW={MOBILE_MAX_WIDTH} mx="auto" h={TAB_BAR_HEIGHT} gap="0">
          {TABS.map(({ label, to, Icon }) => (
            <TabLink
              key={to}
              to={to}
              flex="1"
              h="full"
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="0.5"
              fontSize="xs"
              color="gray.500"
              css={{ '&[aria-current=page]': { color: 'red.700', fontWeight: 'semibold' } }}
            >
              <Box fontSize="xl" position="relative">
                <Box aria-hidden>
                  <Icon />
                </Box>
                {/* 我的 carries the unread-message count */}
                {to === MOBILE_CENTER ? <UnreadMessagesBadge placement="corner" /> : null}
              </Box>
              {label}
            </TabLink>
          ))}
        </HStack>
      </Box>
      {/* the operations' short messages (§8: 笔记记录失败, 操作失败，请稍后再试~, ...) */}
      <Toaster />
    </Flex>
  );
}
