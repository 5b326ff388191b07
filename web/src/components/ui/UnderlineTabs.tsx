import { Box, HStack } from '@chakra-ui/react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface UnderlineTab {
  readonly value: number;
  readonly label: ReactNode;
}

interface Props {
  readonly tabs: ReadonlyArray<UnderlineTab>;
  readonly active: number;
  readonly onSelect: (value: number) => void;
  /** A tab is about to be wanted (pointer over it): its code can start loading. */
  readonly onIntent?: (value: number) => void;
  /** accessible name of the tab list */
  readonly label: string;
  /** id of a tab's button; the panel it controls is `panelId(value)` */
  readonly tabId: (value: number) => string;
  readonly panelId: (value: number) => string;
}

/**
 * The site's tab bar (personal centre, search results): red underline under the selected tab,
 * ←/→ and Home/End move between tabs as a WAI-ARIA tab list does, scrolls sideways when narrow.
 */
export function UnderlineTabs({ tabs, active, onSelect, onIntent, label, tabId, panelId }: Props) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.value === active);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.value);
    list.current?.querySelector<HTMLElement>(`#${tabId(tab.value)}`)?.focus();
  };

  return (
    <HStack
      ref={list}
      role="tablist"
      aria-label={label}
      gap="1"
      px="3"
      borderBottomWidth="1px"
      borderColor="gray.100"
      overflowX="auto"
      onKeyDown={onKeyDown}
      css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
    >
      {tabs.map((tab) => {
        const selected = tab.value === active;
        return (
          <Box
            as="button"
            role="tab"
            key={tab.value}
            id={tabId(tab.value)}
            aria-selected={selected}
            aria-controls={panelId(tab.value)}
            tabIndex={selected ? 0 : -1}
            position="relative"
            px="4"
            py="3.5"
            fontSize="15px"
            whiteSpace="nowrap"
            fontWeight={selected ? 'bold' : 'medium'}
            color={selected ? 'red.600' : 'gray.600'}
            _hover={{ color: 'red.600' }}
            onPointerEnter={onIntent ? () => onIntent(tab.value) : undefined}
            onClick={() => {
              if (!selected) onSelect(tab.value);
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
