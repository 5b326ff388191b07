/**
 * Lists that scroll inside a box say so: the subject tab bar gets left/right buttons when its tabs
 * do not fit, the selected-courses panel a 向下滚动查看更多 fade while more is below.
 * jsdom has no layout: the boxes' sizes are given here.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeQuery } from '../../web/src/__generated__/HomeQuery.graphql';
import { SelectedCourses } from '../../web/src/components/Home/SelectedCourses';
import { SubjectTabs } from '../../web/src/components/Home/SubjectTabs';
import { homeQuery } from '../../web/src/routes/Home/HomeQuery';
import { mockCourse, preloadWithMocks } from './mockData';
import { renderWithProviders } from './render';

/** Layout of the elements `match` picks: scrollWidth/scrollHeight larger than the box. */
function fakeLayout(match: (el: HTMLElement) => boolean, size: { client: number; scroll: number }) {
  const spies = [
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return match(this) ? size.client : 0;
    }),
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return match(this) ? size.scroll : 0;
    }),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return match(this) ? size.client : 0;
    }),
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return match(this) ? size.scroll : 0;
    }),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}

function Harness({ queryRef }: { queryRef: PreloadedQuery<HomeQuery> }) {
  const data = usePreloadedQuery<HomeQuery>(homeQuery, queryRef);
  return (
    <>
      <SubjectTabs query={data} activeId={0} />
      {data.recommendation ? <SelectedCourses query={data.recommendation} /> : null}
    </>
  );
}

const SUBJECTS = [
  '思政',
  '哲学',
  '经济学',
  '法学',
  '教育学',
  '文学',
  '历史学',
  '理学',
  '工学',
  '农学',
  '医学',
  '管理学',
  '艺术学',
];

describe('scroll cues', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    // scrollBy/scrollTo are not in jsdom: they move scrollLeft/scrollTop here
    (HTMLElement.prototype as unknown as { scrollBy: unknown }).scrollBy = function (
      this: HTMLElement,
      options: ScrollToOptions,
    ) {
      this.scrollLeft += options.left ?? 0;
      this.scrollTop += options.top ?? 0;
      this.dispatchEvent(new Event('scroll'));
    };
  });
  afterEach(() => {
    restore();
    delete (HTMLElement.prototype as unknown as { scrollBy?: unknown }).scrollBy;
  });

  async function render() {
    const { environment, queryRef } = preloadWithMocks<HomeQuery>(
      homeQuery,
      { scId: 0, isAll: true },
      {
        Query: () => ({
          subjects: SUBJECTS.map((name, i) => ({ id: `s${i}`, catalogueId: i + 1, name })),
          selectedCourses: Array.from({ length: 10 }, (_, i) => mockCourse({ name: `精选${i}` })),
        }),
      },
    );
    await act(async () => {
      renderWithProviders(<Harness queryRef={queryRef} />, environment);
    });
  }

  it('the subject tabs show a right button when clipped, then a left one once scrolled', async () => {
    restore = fakeLayout((el) => el.getAttribute('role') === 'tablist', { client: 700, scroll: 1600 });
    await render();
    expect(screen.queryByRole('button', { name: '向左滚动学科' })).toBeNull();
    const right = screen.getByRole('button', { name: '向右滚动学科' });
    await act(async () => {
      fireEvent.click(right);
    });
    expect(screen.getByRole('tablist').scrollLeft).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '向左滚动学科' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '向右滚动学科' }));
    });
    // 490 + 490 ≥ 1600 − 700: the end
    expect(screen.queryByRole('button', { name: '向右滚动学科' })).toBeNull();
  });

  it('no buttons when every tab fits', async () => {
    restore = fakeLayout((el) => el.getAttribute('role') === 'tablist', { client: 1600, scroll: 1600 });
    await render();
    expect(screen.queryByRole('button', { name: /滚动学科/ })).toBeNull();
  });

  it('精选课程 shows 向下滚动查看更多 while more is below', async () => {
    restore = fakeLayout((el) => el.getAttribute('aria-label') === '精选课程', { client: 300, scroll: 620 });
    await render();
    expect(screen.getByText('向下滚动查看更多')).toBeTruthy();
    const list = screen.getByRole('list', { name: '精选课程' });
    await act(async () => {
      list.scrollTop = 320;
      fireEvent.scroll(list);
    });
    expect(screen.queryByText('向下滚动查看更多')).toBeNull();
  });
});
