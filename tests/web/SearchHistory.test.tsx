/**
 * The local search history (§4, §9): newest first, deduplicated, 5 kept; storage that fails
 * (private mode, quota, blocked) never breaks a search; the header box saves what it searches.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { createMockEnvironment } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../web/src/components/Header/SearchBox';
import { SEARCH_HISTORY_KEY } from '../../web/src/constants';
import { clearSearchHistory, readSearchHistory, saveSearchKeyword } from '../../web/src/lib/searchHistory';
import { describeRouteError } from '../../web/src/routing/RouteErrorBoundary';
import { renderWithProviders } from './render';

afterEach(() => {
  vi.restoreAllMocks();
  clearSearchHistory(); // storage works again: leaves the in-memory fallback
});

const stored = () => JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_KEY) ?? 'null') as unknown;

describe('search history store', () => {
  it('keeps the newest first, without duplicates, at most 5, trimmed', () => {
    for (const key of ['一', '二', '三', ' 二 ', '四', '五', '六', '七']) saveSearchKeyword(key);
    expect(readSearchHistory()).toEqual(['七', '六', '五', '四', '二']);
    expect(stored()).toEqual(['七', '六', '五', '四', '二']);
    saveSearchKeyword('五');
    expect(readSearchHistory()).toEqual(['五', '七', '六', '四', '二']);
    saveSearchKeyword('   ');
    expect(readSearchHistory()).toHaveLength(5);
  });

  it('clears', () => {
    saveSearchKeyword('党史');
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
    expect(window.localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('ignores what it cannot read (another version, hand edits)', () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(readSearchHistory()).toEqual([]);
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['甲', 3, null, '甲', '乙', '']));
    expect(readSearchHistory()).toEqual(['甲', '乙']);
  });

  it('keeps working in memory when storage refuses to write (private mode, full quota)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => saveSearchKeyword('党史')).not.toThrow();
    expect(() => saveSearchKeyword('中国梦')).not.toThrow();
    expect(readSearchHistory()).toEqual(['中国梦', '党史']);
  });

  it('keeps working when storage cannot even be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readSearchHistory()).toEqual([]);
    expect(() => saveSearchKeyword('党史')).not.toThrow();
    expect(readSearchHistory()).toEqual(['党史']);
  });
});

describe('header search box and the history', () => {
  it('saves the searched keyword (trimmed)', async () => {
    const { router } = renderWithProviders(<SearchBox />, createMockEnvironment());
    const input = screen.getByRole('combobox', { name: '搜索关键词' });
    fireEvent.change(input, { target: { value: ' 共同富裕 ' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(router.state.location.search).toBe(`?key=${encodeURIComponent('共同富裕')}`);
    expect(stored()).toEqual(['共同富裕']);
  });

  it('saves nothing for an empty search', async () => {
    renderWithProviders(<SearchBox />, createMockEnvironment());
    await act(async () => {
      fireEvent.submit(screen.getByRole('combobox', { name: '搜索关键词' }).closest('form')!);
    });
    expect(await screen.findByText('请输入内容')).toBeTruthy();
    expect(window.localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('a search still goes ahead when storage fails', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const { router } = renderWithProviders(<SearchBox />, createMockEnvironment());
    const input = screen.getByRole('combobox', { name: '搜索关键词' });
    fireEvent.change(input, { target: { value: '党史' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(router.state.location.pathname).toBe('/search');
  });
});

describe('a keyword the gateway refuses', () => {
  it('shows the gateway’s message without a retry', () => {
    const error = Object.assign(new Error('RelayNetwork: No data returned'), {
      source: { errors: [{ message: '搜索关键词不能超过50个字', extensions: { code: 'BAD_USER_INPUT' } }], data: null },
    });
    expect(describeRouteError(error)).toEqual({
      title: '无法完成请求',
      description: '搜索关键词不能超过50个字',
      retry: false,
    });
  });
});
