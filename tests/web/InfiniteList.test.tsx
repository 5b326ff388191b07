/**
 * <InfiniteList>, the end of every infinite list (§4, §8): the next page is asked for when the
 * end comes near the viewport bottom, never while one is loading or when there is none;
 * 加载中... while it loads, 没有更多了 at the end, nothing below an empty list.
 * jsdom has no IntersectionObserver: a fake one lets the test say when the end comes into view.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteList } from '../../web/src/components/Feedback/InfiniteList';
import { system } from '../../web/src/theme';

/** The observers the list made, still connected. */
const observers = new Set<FakeObserver>();

class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  readonly elements: Element[] = [];
  observe(element: Element) {
    this.elements.push(element);
    observers.add(this);
  }
  disconnect() {
    observers.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** The end of the list comes within reach: every connected observer is told. */
function scrollToEnd() {
  act(() => {
    for (const observer of [...observers]) {
      const entries = observer.elements.map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      (observer as unknown as { callback: IntersectionObserverCallback }).callback(
        entries,
        observer as unknown as IntersectionObserver,
      );
    }
  });
}

function List({
  count,
  hasNext,
  isLoadingNext,
  loadNext,
}: {
  count: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: () => void;
}) {
  return (
    <ChakraProvider value={system}>
      <InfiniteList itemCount={count} hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext}>
        {count === 0 ? (
          <p>暂无课程</p>
        ) : (
          <ul aria-label="课程">
            {Array.from({ length: count }, (_, i) => (
              <li key={i}>课程 {i + 1}</li>
            ))}
          </ul>
        )}
      </InfiniteList>
    </ChakraProvider>
  );
}

describe('InfiniteList', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.clear();
  });

  it('asks for the next page once when the end comes near, and shows 加载中... while it loads', () => {
    const loadNext = vi.fn();
    const { rerender } = render(<List count={12} hasNext isLoadingNext={false} loadNext={loadNext} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(loadNext).not.toHaveBeenCalled();

    scrollToEnd();
    scrollToEnd();
    expect(loadNext).toHaveBeenCalledTimes(1);

    rerender(<List count={12} hasNext isLoadingNext loadNext={loadNext} />);
    expect(screen.getByText('加载中...')).toBeTruthy();
    scrollToEnd();
    expect(loadNext).toHaveBeenCalledTimes(1);

    // the page arrived: the end is watched again, with the latest loadNext
    const next = vi.fn();
    rerender(<List count={24} hasNext isLoadingNext={false} loadNext={next} />);
    expect(screen.queryByText('加载中...')).toBeNull();
    scrollToEnd();
    expect(next).toHaveBeenCalledTimes(1);
    expect(loadNext).toHaveBeenCalledTimes(1);
  });

  it('says 没有更多了 at the end and asks for nothing more', () => {
    const loadNext = vi.fn();
    render(<List count={5} hasNext={false} isLoadingNext={false} loadNext={loadNext} />);
    expect(screen.getByText('没有更多了')).toBeTruthy();
    scrollToEnd();
    expect(loadNext).not.toHaveBeenCalled();
  });

  it('says nothing below an empty list', () => {
    render(<List count={0} hasNext={false} isLoadingNext={false} loadNext={vi.fn()} />);
    expect(screen.getByText('暂无课程')).toBeTruthy();
    expect(screen.queryByText('没有更多了')).toBeNull();
    expect(screen.queryByText('加载中...')).toBeNull();
  });

  it('without IntersectionObserver, loads when the end is already within 50 px of the viewport bottom', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const loadNext = vi.fn();
    render(<List count={3} hasNext isLoadingNext={false} loadNext={loadNext} />);
    // jsdom lays nothing out: the end is at the top of the viewport
    expect(loadNext).toHaveBeenCalledTimes(1);
  });
});
