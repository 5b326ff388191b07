import { CENTER_POSITION } from '../../constants';
import { UnderlineTabs } from '../ui/UnderlineTabs';

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

const TABS = CENTER_TABS.map((t) => ({ value: t.position, label: t.label }));

/** The tab bar; ←/→ (and Home/End) move between tabs as a tab list does. */
export function CenterTabs({ active, onSelect, onIntent }: Props) {
  return (
    <UnderlineTabs
      tabs={TABS}
      active={active}
      onSelect={onSelect}
      onIntent={onIntent}
      label="个人中心"
      tabId={centerTabId}
      panelId={centerPanelId}
    />
  );
}
