import { Box, Link, Stack } from '@chakra-ui/react';
import { Suspense, startTransition, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Sidebar_query$key } from '../../__generated__/Sidebar_query.graphql';
import { useOpenLoginPage } from '../../lib/LoginPage';
import { site } from '../../site';
import { AwardIcon, ClockIcon, HeadsetIcon, HomeIcon, LayersIcon, LinkIcon, MailIcon, UserIcon } from '../icons/Icons';
import { CatalogueTree } from './CatalogueTree';
import { ResourceStatistics } from './ResourceStatistics';
import { SectionTitle } from './SectionTitle';

const queryFragment = graphql`
  fragment Sidebar_query on Query {
    viewer {
      isLoggedIn
    }
    subjects {
      id
      ...CatalogueTree_subject
    }
    ...ResourceStatistics_query
  }
`;

export const SIDEBAR_WIDTH = '232px';

interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: ReactNode;
  readonly needsLogin?: boolean;
}

const NAV: readonly NavItem[] = [
  { label: '首页', to: '/home', icon: <HomeIcon /> },
  { label: '个人中心', to: '/center', icon: <UserIcon />, needsLogin: true },
  { label: '名校名师', to: '/author', icon: <AwardIcon /> },
  { label: '推荐专题', to: '/special', icon: <LayersIcon /> },
];

export function Sidebar({ query, top }: { readonly query: Sidebar_query$key; readonly top: string }) {
  const data = useFragment(queryFragment, query);
  const navigate = useNavigate();
  const location = useLocation();
  const openLoginPage = useOpenLoginPage();
  const path = location.pathname.toLowerCase();
  const params = new URLSearchParams(location.search);
  const activeCatalogue =
    path === '/catalog' || path === '/home' ? Number(params.get('scId') ?? Number.NaN) : Number.NaN;

  const open = (item: NavItem) => {
    if (item.needsLogin && !data.viewer.isLoggedIn) {
      // after logging in, the new tab lands where the visitor wanted to go
      openLoginPage(new URL(item.to, window.location.origin).toString());
      return;
    }
    startTransition(() => {
      void navigate(item.to);
    });
  };

  return (
    <Box
      as="aside"
      aria-label="侧边导航"
      width={SIDEBAR_WIDTH}
      flexShrink={0}
      position="sticky"
      top={top}
      height={`calc(100vh - ${top})`}
      overflowY="auto"
      bg="white"
      borderRightWidth="1px"
      borderColor="gray.100"
      px="3"
      py="4"
      css={{ scrollbarWidth: 'thin', scrollbarColor: 'var(--chakra-colors-gray-200) transparent' }}
    >
      <Stack as="nav" gap="1" aria-label="主导航">
        {NAV.map((item) => {
          const active = path === item.to || (item.to === '/home' && path === '/');
          return (
            <Box
              as="button"
              key={item.to}
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2.5"
              borderRadius="lg"
              fontSize="sm"
              fontWeight={active ? 'semibold' : 'medium'}
              color={active ? 'white' : 'gray.700'}
              bg={active ? 'red.600' : 'transparent'}
              boxShadow={active ? '0 6px 14px rgba(197, 48, 48, 0.25)' : undefined}
              _hover={active ? undefined : { bg: 'red.50', color: 'red.700' }}
              transition="background 0.15s"
              aria-current={active ? 'page' : undefined}
              onClick={() => open(item)}
            >
              <Box fontSize="lg">{item.icon}</Box>
              {item.label}
            </Box>
          );
        })}
      </Stack>

      <SectionTitle>课程分类</SectionTitle>
      <Stack gap="2">
        {data.subjects.map((subject) => (
          <CatalogueTree key={subject.id} subject={subject} activeId={activeCatalogue} />
        ))}
      </Stack>

      <Suspense fallback={null}>
        <ResourceStatistics query={data} />
      </Suspense>

      <SectionTitle>合作伙伴</SectionTitle>
      <Stack gap="1" px="1">
        {site.partners.map((p) => (
          // at least 24 px high: a target a finger or an unsteady hand can hit (WCAG 2.5.8)
          <Link
            key={p.href}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer"
            fontSize="13px"
            color="gray.600"
            minH="24px"
            _hover={{ color: 'red.600' }}
          >
            <LinkIcon />
            {p.label}
          </Link>
        ))}
      </Stack>

      <SectionTitle>联系我们</SectionTitle>
      <Stack gap="1.5" px="1" fontSize="12px" color="gray.500">
        <ContactLine icon={<HeadsetIcon />}>客服电话：{site.contact.phone}</ContactLine>
        <ContactLine icon={<MailIcon />}>
          邮箱：
          <Link href={`mailto:${site.contact.email}`} color="gray.600">
            {site.contact.email}
          </Link>
        </ContactLine>
        <ContactLine icon={<ClockIcon />}>服务时间：{site.contact.hours}</ContactLine>
      </Stack>
    </Box>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box display="flex" alignItems="flex-start" gap="1.5">
      <Box mt="0.5" flexShrink={0}>
        {icon}
      </Box>
      <Box minW="0" wordBreak="break-all">
        {children}
      </Box>
    </Box>
  );
}
