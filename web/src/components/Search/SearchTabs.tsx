import { Text } from '@chakra-ui/react';
import { UnderlineTabs } from '../ui/UnderlineTabs';
import { SEARCH_MENU } from '../../constants';
import { formatCount } from '../../lib/formatCount';
import type { SearchCountsValue } from './SearchOverview';

/** The tabs in menuIndex order (§2). */
export const SEARCH_TABS: ReadonlyArray<{ readonly menuIndex: number; readonly label: string }> = [
  { menuIndex: SEARCH_MENU.all, label: '综合' },
  { menuIndex: SEARCH_MENU.courses, label: '课程' },
  { menuIndex: SEARCH_MENU.knowledgePoints, label: '知识点' },
  { menuIndex: SEARCH_MENU.topics, label: '专题' },
  { menuIndex: SEARCH_MENU.lecturers, label: '讲师' },
];

export const searchTabId = (menuIndex: number) => `search-tab-${menuIndex}`;
export const searchPanelId = (menuIndex: number) => `search-panel-${menuIndex}`;

/** A tab's result count; 综合 counts every group. */
export function tabCount(menuIndex: number, counts: SearchCountsValue): number {
  switch (menuIndex) {
    case SEARCH_MENU.courses:
      return counts.courseCount;
    case SEARCH_MENU.knowledgePoints:
      return counts.knowledgePointCount;
    case SEARCH_MENU.topics:
      return counts.topicCount;
    case SEARCH_MENU.lecturers:
      return counts.authorCount;
    default:
      return counts.courseCount + counts.knowledgePointCount + counts.topicCount + counts.authorCount;
  }
}

interface Props {
  readonly active: number;
  readonly counts: SearchCountsValue;
  readonly onSelect: (menuIndex: number) => void;
}

/** 综合 / 课程 / 知识点 / 专题 / 讲师 with their counts; ←/→, Home/End move between tabs. */
export function SearchTabs({ active, counts, onSelect }: Props) {
  const tabs = SEARCH_TABS.map((tab) => ({
    value: tab.menuIndex,
    label: (
      <>
        {tab.label}{' '}
        <Text as="span" fontSize="xs" fontWeight="normal" color={tab.menuIndex === active ? 'red.500' : 'gray.500'}>
          {formatCount(tabCount(tab.menuIndex, counts))}
        </Text>
      </>
    ),
  }));
  return (
    <UnderlineTabs
      tabs={tabs}
      active={active}
      onSelect={onSelect}
      label="搜索结果分类"
      tabId={searchTabId}
      panelId={searchPanelId}
    />
  );
}
