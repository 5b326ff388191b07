import { Badge, Box, Flex, HStack, Link, Separator, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { Header_query$key } from '../../__generated__/Header_query.graphql';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import { isMailto, site } from '../../site';
import { OperationGuide } from './OperationGuide';
import { PhoneAccess } from './PhoneAccess';
import { SearchBox } from './SearchBox';
import { UserMenu } from './UserMenu';

const queryFragment = graphql`
  fragment Header_query on Query {
    viewer {
      comName
      userType
      ...UserMenu_viewer
    }
  }
`;

export const HEADER_HEIGHT = '64px';

export function Header({ query }: { readonly query: Header_query$key }) {
  const data = useFragment(queryFragment, query);
  const location = useLocation();
  const path = location.pathname.toLowerCase();
  const searchKey = path === '/search' ? new URLSearchParams(location.search).get('key') : null;
  // the guide greets a visitor on the first visit of the home page's 全部 tab (§2 Home); someone
  // already signed in (an organisation's network or link, an account) has found the way in
  const onHomeAll = path === '/home' && (new URLSearchParams(location.search).get('scId') ?? '0') === '0';
  const greet = onHomeAll && ANONYMOUS_USER_TYPES.includes(data.viewer.userType);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="white/95"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="gray.100"
      height={HEADER_HEIGHT}
    >
      <Flex height="100%" align="center" gap={{ base: '3', xl: '6' }} px="5">
        <Logo />
        <Flex flex="1" justify="center" minW="0">
          <SearchBox currentKey={searchKey} />
        </Flex>
        <HStack gap={{ base: '0', xl: '1' }} flexShrink={0}>
          <OperationGuide greet={greet} />
          <PhoneAccess />
          <HeaderLink href={site.resourceRecommendUrl}>资源推荐</HeaderLink>
          <HeaderLink href={site.feedbackUrl}>意见反馈</HeaderLink>
          {data.viewer.comName ? (
            <>
              <Separator orientation="vertical" height="5" mx="1" />
              <Badge colorPalette="red" variant="subtle" size="md" maxW="14em" title={data.viewer.comName}>
                <Text truncate>{data.viewer.comName}</Text>
              </Badge>
            </>
          ) : null}
          <Box ms="2">
            <UserMenu viewer={data.viewer} />
          </Box>
        </HStack>
      </Flex>
    </Box>
  );
}

/** A header link: a web page opens in a new tab, a mailto: link hands over to the mail program in place. */
function HeaderLink({ href, children }: { readonly href: string; readonly children: string }) {
  const external = isMailto(href) ? {} : { target: '_blank', rel: 'noopener' };
  return (
    <Link
      href={href}
      {...external}
      fontSize="sm"
      color="gray.600"
      px="2"
      whiteSpace="nowrap"
      _hover={{ color: 'red.600' }}
    >
      {children}
    </Link>
  );
}

function Logo() {
  return (
    // named by its visible text (title and motto), as speech-input users say it; it goes home, as logos do
    <RouterLink to="/home">
      <HStack gap="2.5" flexShrink={0}>
        <Box
          width="36px"
          height="36px"
          borderRadius="lg"
          bgGradient="to-br"
          gradientFrom="red.500"
          gradientTo="red.700"
          display="grid"
          placeItems="center"
          color="white"
          boxShadow="0 4px 12px rgba(197, 48, 48, 0.35)"
        >
          <svg viewBox="0 0 64 64" width="24" height="24" aria-hidden="true">
            <path d="M10 24l22-11 22 11-22 11z" fill="#fff" />
            <path d="M20 31v11c0 4 6 8 12 8s12-4 12-8V31l-12 6z" fill="#fde68a" />
          </svg>
        </Box>
        <Box lineHeight="1.15">
          <Text fontSize="lg" fontWeight="bold" color="gray.900" letterSpacing="wide">
            {site.title}
          </Text>
          <Text fontSize="xs" color="gray.500" letterSpacing="widest">
            {site.description}
          </Text>
        </Box>
      </HStack>
    </RouterLink>
  );
}
