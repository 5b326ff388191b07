/**
 * Scrolling comments on the player: the comment bar (30 characters with a counter, empty refused
 * with 请输入弹幕内容, Enter sends sendDanmaku at the video's second, your comment shows at once,
 * a refusal takes it back with the server's message or 弹幕发送失败) and the layer that runs the
 * comments across the picture by the video's time.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { DanmakuBar } from '../../web/src/components/Player/DanmakuBar';
import { DanmakuLayer } from '../../web/src/components/Player/DanmakuLayer';
import { mergeDanmaku } from '../../web/src/components/Player/danmakuLayout';
import type { PlayerDanmaku } from '../../web/src/components/Player/types';
import { renderWithProviders } from './render';

/** The bar wired as the player wires it: sent comments join the loaded ones in the layer. */
function BarAndLayer({ time, loaded = [] }: { readonly time: number; readonly loaded?: readonly PlayerDanmaku[] }) {
  const [sent, setSent] = useState<readonly PlayerDanmaku[]>([]);
  const [shown, setShown] = useState(true);
  const [opacity, setOpacity] = useState(0.7);
  return (
    <>
      <DanmakuLayer danmaku={mergeDanmaku(loaded, sent)} time={time} opacity={opacity} shown={shown} />
      <DanmakuBar
        videoId={7}
        shown={shown}
        onShownChange={setShown}
        opacity={opacity}
        onOpacityChange={setOpacity}
        currentTime={() => time}
        onSending={(d) => setSent((s) => [...s, d])}
        onSettled={(id, stored) =>
          setSent((s) => (stored ? s.map((d) => (d.id === id ? stored : d)) : s.filter((d) => d.id !== id)))
        }
      />
    </>
  );
}

function setup(time = 12.34, loaded: readonly PlayerDanmaku[] = []) {
  const environment = createMockEnvironment();
  renderWithProviders(<BarAndLayer time={time} loaded={loaded} />, environment);
  const input = screen.getByRole('textbox', { name: '弹幕内容' }) as HTMLInputElement;
  return { environment, input };
}

async function sendWithEnter(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    fireEvent.submit(input.closest('form')!);
  });
}

const items = () => screen.queryAllByTestId('danmaku-item').map((el) => el.textContent);

function answer(environment: RelayMockEnvironment, payload: Record<string, unknown> | Error) {
  act(() => {
    if (payload instanceof Error) environment.mock.rejectMostRecentOperation(payload);
    else
      environment.mock.resolveMostRecentOperation((op) =>
        MockPayloadGenerator.generate(op, { SendDanmakuPayload: () => payload }),
      );
  });
}

describe('the comment bar', () => {
  it('does not cut the text while an input method composes; cuts it to 30 when the composition ends', () => {
    const { input } = setup();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '学'.repeat(29) + 'xue xi' } });
    expect(input.value).toBe('学'.repeat(29) + 'xue xi');
    fireEvent.change(input, { target: { value: '学'.repeat(32) } });
    expect(input.value).toBe('学'.repeat(32));
    fireEvent.compositionEnd(input, { target: { value: '学'.repeat(32) } });
    expect(input.value).toBe('学'.repeat(30));
    expect(screen.getByLabelText('已输入字数').textContent).toBe('30/30');
    // typing afterwards is cut at once again
    fireEvent.change(input, { target: { value: '学'.repeat(31) } });
    expect(input.value).toBe('学'.repeat(30));
  });

  it('counts code points, as the server does (an emoji is one character)', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '👍'.repeat(30) } });
    expect(input.value).toBe('👍'.repeat(30));
    expect(screen.getByLabelText('已输入字数').textContent).toBe('30/30');
  });

  it('keeps at most 30 characters and counts them', () => {
    const { input } = setup();
    expect(screen.getByLabelText('已输入字数').textContent).toBe('0/30');
    fireEvent.change(input, { target: { value: '学'.repeat(35) } });
    expect(input.value).toBe('学'.repeat(30));
    expect(screen.getByLabelText('已输入字数').textContent).toBe('30/30');
  });

  it('refuses an empty comment with 请输入弹幕内容 and sends nothing', async () => {
    const { input, environment } = setup();
    await sendWithEnter(input, '   ');
    expect(await screen.findByText('请输入弹幕内容')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends with Enter the trimmed comment at the current second; it runs at once and stays once stored', async () => {
    const { input, environment } = setup(12.34);
    await sendWithEnter(input, '  讲得真好  ');
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('DanmakuBarSendMutation');
    expect(operation.request.variables).toEqual({ input: { videoId: 7, vtime: 12.3, content: '讲得真好' } });
    expect(input.value).toBe('');
    // shown before the server answered
    expect(items()).toEqual(['讲得真好']);
    expect(screen.getByTestId('danmaku-item').className).toContain('szp-danmaku-mine');
    answer(environment, { danmaku: { id: 'danmaku-99', vtime: 12.3, content: '讲得真好', mine: true }, errors: [] });
    expect(items()).toEqual(['讲得真好']);
  });

  it('a refusal takes the comment back and shows the server message', async () => {
    const { input, environment } = setup();
    await sendWithEnter(input, '第十一条');
    expect(items()).toEqual(['第十一条']);
    answer(environment, {
      danmaku: null,
      errors: [{ message: '发送太频繁，请稍后再试', code: 'UPSTREAM', field: null }],
    });
    expect(await screen.findByText('发送太频繁，请稍后再试')).toBeTruthy();
    expect(items()).toEqual([]);
  });

  it('a failed request shows 弹幕发送失败', async () => {
    const { input, environment } = setup();
    await sendWithEnter(input, '你好');
    answer(environment, new Error('network down'));
    expect(await screen.findByText('弹幕发送失败')).toBeTruthy();
    expect(items()).toEqual([]);
  });

  it('toggles the comments and sets their opacity', () => {
    setup(10, [{ id: '1', vtime: 9, content: '前面的弹幕', mine: false }]);
    const layer = screen.getByTestId('danmaku-layer');
    expect(items()).toEqual(['前面的弹幕']);
    expect(layer.style.opacity).toBe('0.7');
    const toggle = screen.getByRole('button', { name: '弹幕' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(items()).toEqual([]);
    fireEvent.click(toggle);
    fireEvent.change(screen.getByRole('slider', { name: '弹幕透明度' }), { target: { value: '0.4' } });
    expect(layer.style.opacity).toBe('0.4');
  });

  it('sending turns hidden comments back on, so your own is seen', async () => {
    const { input } = setup();
    fireEvent.click(screen.getByRole('button', { name: '弹幕' }));
    await sendWithEnter(input, '我来了');
    expect(screen.getByRole('button', { name: '弹幕' }).getAttribute('aria-pressed')).toBe('true');
    expect(items()).toEqual(['我来了']);
  });
});

describe('the comment layer', () => {
  const loaded: PlayerDanmaku[] = [
    { id: 'a', vtime: 5, content: '第一条', mine: false },
    { id: 'b', vtime: 5, content: '第二条', mine: false },
    { id: 'c', vtime: 20, content: '第三条', mine: false },
  ];

  function layerAt(time: number) {
    const environment = createMockEnvironment();
    return renderWithProviders(<DanmakuLayer danmaku={loaded} time={time} opacity={0.7} shown />, environment);
  }

  it('shows a comment from its second for 8 seconds, each in its own lane, moving right to left', () => {
    const { unmount } = layerAt(4);
    expect(items()).toEqual([]);
    unmount();
    layerAt(9);
    const shown = screen.getAllByTestId('danmaku-item');
    expect(shown.map((el) => el.textContent)).toEqual(['第一条', '第二条']);
    expect(shown.map((el) => el.dataset.lane)).toEqual(['0', '1']);
    // halfway across: left 50 %, pulled back by half its own width
    expect(shown[0]!.style.left).toBe('50%');
    expect(shown[0]!.style.transform).toBe('translateX(-50%)');
  });
});
