import { Box, HStack, IconButton } from '@chakra-ui/react';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { SubjectTabs_query$key } from '../../__generated__/SubjectTabs_query.graphql';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/Icons';

const queryFragment = graphql`
  fragment SubjectTabs_query on Query {
    subjects {
      id
      catalogueId
      name
    }
  }
`;

interface Overflow {
  readonly left: boolean;
  readonly right: boolean;
}

/**
 * The home page's horizontal subject tabs: 全部 (scId 0) then every subject. When they do not fit
 * (13 subjects at 1024 px), the clipped side fades out and shows a scroll button; the active tab
 * is scrolled into view.
 */
export function SubjectTabs({ query, activeId }: { readonly query: SubjectTabs_query$key; readonly activeId: number }) {
  const { subjects } = useFragment(queryFragment, query);
  const navigate = useNavigate();
  const tabs = [{ id: 'all', catalogueId: 0, name: '全部' }, ...subjects];
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((o) => (o.left === left && o.right === right ? o : { left, right }));
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, subjects.length]);

  // the active tab in view (a subject far right at a narrow width)
  useEffect(() => {
    const el = scroller.current;
    const tab = el?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!el || !tab) return;
    if (tab.offsetLeft < el.scrollLeft || tab.offsetLeft + tab.offsetWidth > el.scrollLeft + el.clientWidth) {
      el.scrollTo({ left: tab.offsetLeft - el.clientWidth / 2 + tab.offsetWidth / 2, behavior: 'instant' });
    }
    measure();
  }, [activeId, measure]);

  const page = (direction: -1 | 1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <Box position="relative" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100">
      <Box
        ref={scroller}
        role="tablist"
        aria-label="学科"
        px="2"
        overflowX="auto"
        onScroll={measure}
        css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
      >
        <HStack gap="1" minW="max-content">
          {tabs.map((tab) => {
            const active = tab.catalogueId === activeId;
            return (
              <Box
                as="button"
                role="tab"
                key={tab.id}
                aria-selected={active}
                position="relative"
                px="4"
                py="3"
                fontSize="15px"
                fontWeight={active ? 'bold' : 'medium'}
                color={active ? 'red.600' : 'gray.600'}
                whiteSpace="nowrap"
                _hover={{ color: 'red.600' }}
                onClick={() => {
                  if (active) return;
                  startTransition(() => {
                    void navigate(tab.catalogueId === 0 ? '/home' : `/home?scId=${tab.catalogueId}`);
                  });
                }}
                _after={{
                  content: '""',
                  position: 'absolute',
                  left: '50%',
                  bottom: '0',
                  height: '3px',
                  borderRadius: 'full',
                  bg: 'red.600',
                  transition: 'all 0.2s',
                  width: active ? '24px' : '0',
                  transform: 'translateX(-50%)',
                }}
              >
                {tab.name}
              </Box>
            );
          })}
        </HStack>
      </Box>
      {overflow.left ? <ScrollButton side="left" onClick={() => page(-1)} /> : null}
      {overflow.right ? <ScrollButton side="right" onClick={() => page(1)} /> : null}
    </Box>
  );
}

/** A fade over the clipped edge with a round button that scrolls the tabs by most of their width. */
function ScrollButton({ side, onClick }: { readonly side: 'left' | 'right'; readonly onClick: () => void }) {
  const left = side === 'left';
  return (
    <Box
      position="absolute"
      top="0"
      bottom="0"
      {...(left ? { left: '0' } : { right: '0' })}
      width="16"
      display="flex"
      alignItems="center"
      justifyContent={left ? 'flex-start' : 'flex-end'}
      px="1.5"
      borderRadius="xl"
      pointerEvents="none"
      bgGradient={left ? 'to-r' : 'to-l'}
      gradientFrom="white"
      gradientVia="white/90"
      gradientTo="white/0"
    >
      <IconButton
        aria-label={left ? '向左滚动学科' : '向右滚动学科'}
        size="xs"
        variant="outline"
        borderRadius="full"
        bg="white"
        color="gray.600"
        boxShadow="sm"
        pointerEvents="auto"
        _hover={{ color: 'red.600', borderColor: 'red.200' }}
        onClick={onClick}
      >
        {left ? <ChevronLeftIcon /> : <ChevronRightIcon />}
      </IconButton>
    </Box>
  );
}
