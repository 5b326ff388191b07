/**
 * The player's floating window (§4: past 600 px of scroll) and the mobile site, where a 360 px
 * window would cover a 390 px phone: /m/play asks the player not to float, and a player asked so
 * stays in its place however far the page is scrolled.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFloatingPlayer } from '../../web/src/components/Player/useFloatingPlayer';
import { setSidePanelInset } from '../../web/src/lib/sidePanelInset';

let scrollY = 0;
Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
afterEach(() => {
  scrollY = 0;
  setSidePanelInset(0);
});

function scrollTo(y: number) {
  act(() => {
    scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('useFloatingPlayer', () => {
  it('floats past 600 px by default (the desktop play page), docks again above', () => {
    const { result } = renderHook(() => useFloatingPlayer(() => {}));
    expect(result.current.floating).toBe(false);
    scrollTo(601);
    expect(result.current.floating).toBe(true);
    expect(result.current.frameStyle).toMatchObject({ width: 360 });
    scrollTo(200);
    expect(result.current.floating).toBe(false);
  });

  it('keeps clear of the open AI drawer: the window moves left of it, and back when it closes', () => {
    Object.defineProperty(window, 'innerWidth', { value: 1440, configurable: true, writable: true });
    Object.defineProperty(window, 'innerHeight', { value: 900, configurable: true, writable: true });
    const { result } = renderHook(() => useFloatingPlayer(() => {}));
    scrollTo(700);
    // bottom right, 16 px from the edges; its height is the 32 px title bar above the 16:9 picture
    expect(result.current.frameStyle).toEqual({ left: 1440 - 360 - 16, top: 900 - (32 + 203) - 16, width: 360 });
    act(() => setSidePanelInset(360));
    expect(result.current.frameStyle).toMatchObject({ left: 1440 - 360 - 360 - 16 });
    act(() => setSidePanelInset(0));
    // where it was (still inside the window): it stays there
    expect(result.current.frameStyle).toMatchObject({ left: 1440 - 360 - 360 - 16 });
  });

  it('never floats when turned off (the mobile site)', () => {
    const { result } = renderHook(() => useFloatingPlayer(() => {}, false));
    scrollTo(601);
    expect(result.current.floating).toBe(false);
    scrollTo(5000);
    expect(result.current.floating).toBe(false);
    expect(result.current.frameStyle).toBeUndefined();
    expect(result.current.slotStyle).toBeUndefined();
  });
});
