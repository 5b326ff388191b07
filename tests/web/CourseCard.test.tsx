import { act, screen, within } from '@testing-library/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import type { HomeQuery } from '../../web/src/__generated__/HomeQuery.graphql';
import { LoginUrlProvider } from '../../web/src/lib/LoginPage';
import { RecommendedCourses } from '../../web/src/components/Home/RecommendedCourses';
import { homeQuery } from '../../web/src/routes/Home/HomeQuery';
import { mockConnection, mockCourse, preloadWithMocks } from './mockData';
import { renderWithProviders } from './render';

function Harness({ queryRef }: { queryRef: PreloadedQuery<HomeQuery> }) {
  const data = usePreloadedQuery<HomeQuery>(homeQuery, queryRef);
  return data.recommendation ? <RecommendedCourses query={data.recommendation} /> : null;
}

describe('course card', () => {
  it('shows the Chinese name, lecturer, counts in 千/万 and the 独家 badge; opens /Play in a new tab', async () => {
    const exclusive = mockCourse({
      courseId: 501,
      catalogueId: 12,
      name: '马克思主义基本原理概论',
      authorName: '王明',
      authorPosition: '北京大学教授',
      viewCount: 123_456,
      videoCount: 24,
      exclusive: true,
    });
    const plain = mockCourse({ name: '中国近现代史纲要', viewCount: 4321, exclusive: false });
    const { environment, queryRef } = preloadWithMocks<HomeQuery>(
      homeQuery,
      { scId: 0, isAll: true },
      {
        Query: () => ({ recommendedCourses: mockConnection([exclusive, plain], false) }),
      },
    );
    await act(async () => {
      renderWithProviders(<Harness queryRef={queryRef} />, environment);
    });

    const first = screen.getByTitle('马克思主义基本原理概论');
    expect(first.getAttribute('href')).toBe('/Play?courseId=501&catalogId=12');
    expect(first.getAttribute('target')).toBe('_blank');
    const card = within(first);
    expect(card.getByText('马克思主义基本原理概论')).toBeTruthy();
    expect(card.getByText('王明 · 北京大学教授')).toBeTruthy();
    expect(card.getByText('12.3万')).toBeTruthy();
    expect(card.getByText('24 个视频')).toBeTruthy();
    expect(card.getByText('独家')).toBeTruthy();

    const second = within(screen.getByTitle('中国近现代史纲要'));
    expect(second.getByText('4.3千')).toBeTruthy();
    expect(second.queryByText('独家')).toBeNull();

    // Fewer than asked for: the list ends.
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('for a visitor the card opens the login page (one tab, from the click itself), which comes back to the course', async () => {
    const course = mockCourse({ courseId: 501, catalogueId: 12, name: '马克思主义基本原理概论' });
    const { environment, queryRef } = preloadWithMocks<HomeQuery>(
      homeQuery,
      { scId: 0, isAll: true },
      {
        Query: () => ({ recommendedCourses: mockConnection([course], false) }),
      },
    );
    await act(async () => {
      renderWithProviders(
        <LoginUrlProvider loginUrl="http://login.example.edu.cn/login" visitor>
          <Harness queryRef={queryRef} />
        </LoginUrlProvider>,
        environment,
      );
    });
    const link = screen.getByTitle('马克思主义基本原理概论');
    const back = `${window.location.origin}/Play?courseId=501&catalogId=12`;
    expect(link.getAttribute('href')).toBe(`http://login.example.edu.cn/login?redirect=${encodeURIComponent(back)}`);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
