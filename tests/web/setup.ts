import { vi, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearMessages } from '../../web/src/components/ui/toaster';

// relay-test-utils' createMockEnvironment calls jest.fn().
(globalThis as unknown as { jest: typeof vi }).jest = vi;

// Tell React that act() is available (silences "not configured to support act").
(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks these browser APIs that the UI library or the app touch.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  clearMessages();
  window.localStorage.clear();
});
