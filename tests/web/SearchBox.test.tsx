import { act, fireEvent, screen } from '@testing-library/react';
import { createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { SearchBox } from '../../web/src/components/Header/SearchBox';
import { renderWithProviders } from './render';

describe('header search box', () => {
  it('refuses an empty (or blank) keyword with 请输入内容', async () => {
    const { router } = renderWithProviders(<SearchBox />, createMockEnvironment());
    const input = screen.getByRole('combobox', { name: '搜索关键词' });
    fireEvent.change(input, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(await screen.findByText('请输入内容')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('limits the keyword to 50 characters', () => {
    renderWithProviders(<SearchBox />, createMockEnvironment());
    const input = screen.getByRole('combobox', { name: '搜索关键词' }) as HTMLInputElement;
    expect(input.maxLength).toBe(50);
    fireEvent.change(input, { target: { value: '思'.repeat(60) } });
    expect(input.value).toHaveLength(50);
  });

  it('submits with Enter (form submit) to /search?key=', async () => {
    const { router } = renderWithProviders(<SearchBox />, createMockEnvironment());
    const input = screen.getByRole('combobox', { name: '搜索关键词' });
    fireEvent.change(input, { target: { value: ' 中国梦 ' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('key')).toBe('中国梦');
  });

  it('submits with the 搜索 button', async () => {
    const { router } = renderWithProviders(<SearchBox />, createMockEnvironment());
    fireEvent.change(screen.getByRole('combobox', { name: '搜索关键词' }), { target: { value: '党史' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    });
    expect(router.state.location.search).toBe(`?key=${encodeURIComponent('党史')}`);
  });
});
