import {
  Menu,
  useCaptionOptions,
  usePlaybackRateOptions,
  useVideoQualityOptions,
  type PlaybackRateOption,
} from '@vidstack/react';
import {
  DefaultMenuButton,
  DefaultMenuRadioGroup,
  useDefaultLayoutContext,
} from '@vidstack/react/player/layouts/default';
import { useState } from 'react';
import { PLAYBACK_RATES } from './constants';

/** Opacities offered in the menu (the bar under the player has a finer slider). */
const DANMAKU_OPACITIES = [1, 0.85, 0.7, 0.5, 0.3] as const;

export function rateLabel(rate: number): string {
  return rate === 1 ? '正常' : `${rate}x`;
}

export function percentLabel(value: number): string {
  return `${Math.round(value * 100)}%`;
}

interface Props {
  readonly danmakuOpacity: number;
  readonly onDanmakuOpacityChange: (opacity: number) => void;
  /** The viewer chose subtitles on (true) or off in the menu. */
  readonly onSubtitlesChoice: (shown: boolean) => void;
}

/**
 * The settings menu of the control bar, replacing the default layout's (whose speed slider
 * offers any step between 0 and 2): 倍速 with exactly §9's rates, 清晰度 (自动 and each HLS
 * rendition), 字幕 and 弹幕透明度.
 */
export function PlayerSettingsMenu({ danmakuOpacity, onDanmakuOpacityChange, onSubtitlesChoice }: Props) {
  const { isSmallLayout, icons } = useDefaultLayoutContext();
  const [open, setOpen] = useState(false);
  const placement = isSmallLayout ? 'bottom end' : 'top end';
  const Settings = icons.Menu.Settings;
  return (
    <Menu.Root className="vds-settings-menu vds-menu" onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      <Menu.Button className="vds-menu-button vds-button" aria-label="设置">
        <Settings className="vds-icon vds-rotate-icon" />
      </Menu.Button>
      <Menu.Items
        className="vds-settings-menu-items vds-menu-items"
        placement={placement}
        offset={isSmallLayout ? 0 : 26}
      >
        {open ? (
          <>
            <SpeedMenu Icon={icons.Menu.SpeedUp} />
            <QualityMenu Icon={icons.Menu.QualityUp} />
            <CaptionsMenu Icon={icons.Menu.Captions} onChoice={onSubtitlesChoice} />
            <Menu.Root className="vds-menu">
              <DefaultMenuButton label="弹幕透明度" hint={percentLabel(danmakuOpacity)} />
              <Menu.Items className="vds-menu-items">
                <DefaultMenuRadioGroup
                  value={String(danmakuOpacity)}
                  options={DANMAKU_OPACITIES.map((o) => ({ label: percentLabel(o), value: String(o) }))}
                  onChange={(value) => onDanmakuOpacityChange(Number(value))}
                />
              </Menu.Items>
            </Menu.Root>
          </>
        ) : null}
      </Menu.Items>
    </Menu.Root>
  );
}

type MenuIcon = Parameters<typeof DefaultMenuButton>[0]['Icon'];

function RadioCheck() {
  const { icons } = useDefaultLayoutContext();
  const Check = icons.Menu.RadioCheck;
  return <Check className="vds-icon" />;
}

function SpeedMenu({ Icon }: { readonly Icon: MenuIcon }) {
  const options = usePlaybackRateOptions({ rates: [...PLAYBACK_RATES], normalLabel: '正常' });
  if (options.disabled) return null;
  const selected = options.find((o: PlaybackRateOption) => o.selected);
  return (
    <Menu.Root className="vds-speed-menu vds-menu">
      <DefaultMenuButton label="倍速" hint={selected ? rateLabel(selected.rate) : ''} Icon={Icon} />
      <Menu.Items className="vds-menu-items">
        <Menu.RadioGroup className="vds-radio-group" value={options.selectedValue} aria-label="倍速">
          {options.map((o) => (
            <Menu.Radio className="vds-radio" value={o.value} onSelect={o.select} key={o.value}>
              <RadioCheck />
              <span className="vds-radio-label">{rateLabel(o.rate)}</span>
            </Menu.Radio>
          ))}
        </Menu.RadioGroup>
      </Menu.Items>
    </Menu.Root>
  );
}

function QualityMenu({ Icon }: { readonly Icon: MenuIcon }) {
  const options = useVideoQualityOptions({ auto: '自动', sort: 'descending' });
  if (options.disabled || options.length <= 1) return null;
  const selected = options.find((o) => o.selected);
  const autoPicked = options.find((o) => o.autoSelected && o.quality);
  const hint = selected?.quality ? selected.label : autoPicked ? `自动（${autoPicked.label}）` : '自动';
  return (
    <Menu.Root className="vds-quality-menu vds-menu">
      <DefaultMenuButton label="清晰度" hint={hint} Icon={Icon} />
      <Menu.Items className="vds-menu-items">
        <Menu.RadioGroup
          className="vds-quality-radio-group vds-radio-group"
          value={options.selectedValue}
          aria-label="清晰度"
        >
          {options.map((o) => (
            <Menu.Radio className="vds-quality-radio vds-radio" value={o.value} onSelect={o.select} key={o.value}>
              <RadioCheck />
              <span className="vds-radio-label">{o.label}</span>
            </Menu.Radio>
          ))}
        </Menu.RadioGroup>
      </Menu.Items>
    </Menu.Root>
  );
}

function CaptionsMenu({ Icon, onChoice }: { readonly Icon: MenuIcon; readonly onChoice: (shown: boolean) => void }) {
  const options = useCaptionOptions({ off: '关闭' });
  if (options.disabled) return null;
  return (
    <Menu.Root className="vds-captions-menu vds-menu">
      <DefaultMenuButton label="字幕" hint={options.selectedTrack?.label ?? '关闭'} Icon={Icon} />
      <Menu.Items className="vds-menu-items">
        <Menu.RadioGroup
          className="vds-captions-radio-group vds-radio-group"
          value={options.selectedValue}
          aria-label="字幕"
        >
          {options.map((o) => (
            <Menu.Radio
              className="vds-caption-radio vds-radio"
              value={o.value}
              onSelect={(event) => {
                o.select(event);
                onChoice(o.track !== null);
              }}
              key={o.value}
            >
              <RadioCheck />
              <span className="vds-radio-label">{o.label}</span>
            </Menu.Radio>
          ))}
        </Menu.RadioGroup>
      </Menu.Items>
    </Menu.Root>
  );
}
