import { Box, HStack } from '@chakra-ui/react';
import { useRef, type KeyboardEvent } from 'react';
import { CENTER_POSITION } from '../../constants';

/** The centre's tabs in position order (§2: position selects the tab). */
export const CENTER_TABS: ReadonlyArray<{ readonly position: number; readonly label: string }> = [
  { position: CENTER_POSITION.courses, label: '我的课程' },
  { position: CENTER_POSITION.notes, label: '我的笔记' },
  { position: CENTER_POSITION.history, label: '历史记录' },
  { position: CENTER_POSITION.messages, label: '消息' },
  { position: CENTER_POSITION.profile, label: '个人资料' },
  { position: CENTER_POSITION.account, label: '账户设置' },
  { position: CENTER_POSITION.fragments, label: '截取片段' },
];

export const centerTabId = (position: number) => `center-tab-${position}`;
export const centerPanelId = (position: number) => `center-panel-${position}`;

interface Props {
  readonly active: number;
  readonly onSelect: (position: number) => void;
  /** A tab is about to be wanted (pointer over it): its code can start loading. */
  readonly onIntent?: (position: number) => void;
}

/** The tab bar; ←/→ (and Home/End) move between tabs as a tab list does. */
export function CenterTabs({ active, onSelect, onIntent }: Props) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = CENTER_TABS.findIndex((t) => t.position === active);
    const last = CENTER_TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index + 1) % CENTER_TABS.length
      : event.key === 'ArrowLeft' ? (index + last) % CENTER_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = CENTER_TABS[next]!;
    onSelect(tab.position);
    list.current?.querySelector<HTMLElement>(`#${centerTabId(tab.position)}`)?.focus();
  };

  return (
    <HStack
      ref={list}
      role="tablist"
      aria-label="个人中心"
      gap="1"
      px="3"
      borderBottomWidth="1px"
      borderColor="gray.100"
      overflowX="auto"
      onKeyDown={onKeyDown}
      css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
    >
      {CENTER_TABS.map((tab) => {
        const selected = tab.position === active;
        return (
          <Box
            as="button"
            role="tab"
            key={tab.position}
            id={centerTabId(tab.position)}
            aria-selected={selected}
            aria-controls={centerPanelId(tab.position)}
            tabIndex={selected ? 0 : -1}
            position="relative"
            px="4"
            py="3.5"
            fontSize="15px"
            whiteSpace="nowrap"
            fontWeight={selected ? 'bold' : 'medium'}
            color={selected ? 'red.600' : 'gray.600'}
            _hover={{ color: 'red.600' }}
            onPointerEnter={() => onIntent?.(tab.position)}
            onClick={() => {
              if (!selected) onSelect(tab.position);
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
              width: selected ? '28px' : '0',
              transform: 'translateX(-50%)',
            }}
          >
            {tab.label}
          </Box>
        );
      })}
    </HStack>
  );
}
