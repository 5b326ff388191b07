/**
 * The floating AI button (product-spec §2 AI drawer, §9): a press shorter than 150 ms opens the
 * drawer, a longer one drags the button (inside the window, remembered in localStorage), the tip
 * hides after 3 s. Timed with fake timers (Date and setTimeout); pointer events fired by hand.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_BUTTON_SIZE } from '../../web/src/components/AiAssistant/aiButtonPosition';
import { AiButton } from '../../web/src/components/AiAssistant/AiButton';
import { AI_BUTTON_POSITION_KEY } from '../../web/src/components/AiAssistant/aiText';
import { system } from '../../web/src/theme';

beforeAll(() => {
  // jsdom 26 has no PointerEvent: without it fireEvent.pointer* would drop clientX/clientY
  if (!('PointerEvent' in window)) {
    class PointerEventPolyfill extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
  }
});

function setWindowSize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true, writable: true });
}

beforeEach(() => {
  vi.useFakeTimers();
  setWindowSize(1024, 768);
});
afterEach(() => {
  vi.useRealTimers();
});

function renderButton() {
  const onOpen = vi.fn();
  render(
    <ChakraProvider value={system}>
      <AiButton onOpen={onOpen} />
    </ChakraProvider>,
  );
  const button = screen.getByRole('button', { name: '打开AI问答' });
  const place = () => {
    const style = screen.getByTestId('ai-button').style;
    return { left: style.left, top: style.top };
  };
  return { onOpen, button, place };
}

/** Presses the button at (x, y) for `ms`, moving to (toX, toY) before letting go. */
function press(button: HTMLElement, ms: number, [x, y]: [number, number], [toX, toY]: [number, number] = [x, y]) {
  fireEvent.pointerDown(button, { button: 0, pointerId: 1, clientX: x, clientY: y });
  act(() => vi.advanceTimersByTime(ms));
  fireEvent.pointerMove(button, { pointerId: 1, clientX: toX, clientY: toY });
  fireEvent.pointerUp(button, { button: 0, pointerId: 1, clientX: toX, clientY: toY });
}

describe('click or drag', () => {
  it('starts near the bottom-right corner', () => {
    const { place } = renderButton();
    // 24 px from the right, 240 px from the bottom
    expect(place()).toEqual({ left: `${1024 - 24 - AI_BUTTON_SIZE}px`, top: `${768 - 240 - AI_BUTTON_SIZE}px` });
  });

  it('a press shorter than 150 ms is a click: the drawer opens and the button stays', () => {
    const { onOpen, button, place } = renderButton();
    const before = place();
    press(button, 149, [960, 620], [940, 600]);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(place()).toEqual(before);
    expect(window.localStorage.getItem(AI_BUTTON_POSITION_KEY)).toBeNull();
  });

  it('a press of 150 ms or longer drags: the button follows the pointer, no drawer, the place is remembered', () => {
    const { onOpen, button, place } = renderButton();
    press(button, 150, [960, 620], [660, 320]);
    expect(onOpen).not.toHaveBeenCalled();
    const moved = { left: 1024 - 24 - AI_BUTTON_SIZE - 300, top: 768 - 240 - AI_BUTTON_SIZE - 300 };
    expect(place()).toEqual({ left: `${moved.left}px`, top: `${moved.top}px` });
    expect(JSON.parse(window.localStorage.getItem(AI_BUTTON_POSITION_KEY)!)).toEqual(moved);
  });

  it('moves before the press is 150 ms old do not drag', () => {
    const { button, place } = renderButton();
    const before = place();
    fireEvent.pointerDown(button, { button: 0, pointerId: 1, clientX: 960, clientY: 620 });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 700, clientY: 400 });
    expect(place()).toEqual(before);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 900, clientY: 600 });
    expect(place()).not.toEqual(before);
    fireEvent.pointerUp(button, { button: 0, pointerId: 1, clientX: 900, clientY: 600 });
  });

  it('is kept inside the window when dragged past its edges', () => {
    const { button, place } = renderButton();
    press(button, 400, [960, 620], [5000, 5000]);
    expect(place()).toEqual({ left: `${1024 - AI_BUTTON_SIZE}px`, top: `${768 - AI_BUTTON_SIZE}px` });
    press(button, 400, [1000, 740], [-5000, -5000]);
    expect(place()).toEqual({ left: '0px', top: '0px' });
  });

  it('comes back where it was dragged to, clamped into a smaller window', () => {
    window.localStorage.setItem(AI_BUTTON_POSITION_KEY, JSON.stringify({ left: 100, top: 200 }));
    const first = renderButton();
    expect(first.place()).toEqual({ left: '100px', top: '200px' });
    act(() => {
      setWindowSize(120, 220);
      window.dispatchEvent(new Event('resize'));
    });
    expect(first.place()).toEqual({ left: `${120 - AI_BUTTON_SIZE}px`, top: `${220 - AI_BUTTON_SIZE}px` });
  });

  it('opens from the keyboard (a click without a pointer)', () => {
    const { onOpen, button } = renderButton();
    fireEvent.click(button, { detail: 0 });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('the tip', () => {
  it('shows 有问题，问问AI and hides after 3 s', () => {
    renderButton();
    expect(screen.getByText('有问题，问问AI')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('有问题，问问AI')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('有问题，问问AI')).toBeNull();
  });
});
