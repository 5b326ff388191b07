/**
 * A demo video whose own lecture is being made (mediaState GENERATING): the
 * player's place says 视频生成中，请稍候 with a spinner instead of a player, asks for the video's
 * media again (MediaPendingRefetchQuery) until they are ready, then the player gets the video with
 * its playlist; a lecture that cannot be made here says 本讲视频暂未生成. Over the mock gateway of
 * tests/web/playMocks.ts, with the player replaced by its stand-in (as in PlayPage.test.tsx).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { createMockEnvironment } from 'relay-test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoPlayerHandle } from '../../web/src/components/Player/types';
import { fakePlayer, PlayGateway, renderPlay } from './playMocks';
import { renderWithProviders } from './render';

vi.mock('../../web/src/components/Player/VideoPlayer', async () => ({
  VideoPlayer: (await import('./playMocks')).FakeVideoPlayer,
}));

const LONG = { timeout: 15_000 };
const stops: Array<() => void> = [];
beforeEach(() => fakePlayer.reset());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('a video whose own lecture is being made', () => {
  it('shows 视频生成中，请稍候 with a spinner, asks again until it is ready, then plays it', async () => {
    const gateway = new PlayGateway();
    const first = gateway.videos[0]!;
    const playlist = first.videoUrl;
    first.mediaState = 'GENERATING';
    first.videoUrl = '';
    first.subtitleUrl = '';
    const rendered = renderPlay('/Play?courseId=11&catalogId=7', gateway);
    stops.push(rendered.stop);
    const pane = await screen.findByRole('region', { name: '视频播放器' }, LONG);
    const status = await within(pane).findByRole('status', undefined, LONG);
    expect(status.textContent).toContain('视频生成中，请稍候');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.querySelector('.chakra-spinner')).not.toBeNull();
    expect(screen.queryByTestId('fake-player')).toBeNull();

    // still being made: it asks again and keeps saying so
    await waitFor(() => expect(rendered.named('MediaPendingRefetchQuery').length).toBeGreaterThan(0), LONG);
    expect(rendered.named('MediaPendingRefetchQuery')[0]!.variables).toEqual({ id: 'video-501' });
    expect(within(pane).getByRole('status').textContent).toContain('视频生成中，请稍候');

    // made: the next answer has its playlist, and the player gets it
    first.mediaState = 'READY';
    first.videoUrl = playlist;
    first.subtitleUrl = '/media/videos/v501/subtitles.vtt';
    await screen.findByTestId('fake-player', undefined, LONG);
    expect(fakePlayer.props!.video).toMatchObject({ videoId: 501, videoUrl: playlist, mediaState: 'READY' });
    expect(within(pane).queryByText('视频生成中，请稍候')).toBeNull();
  }, 30_000);
});

describe('a video whose lecture cannot be made here', () => {
  beforeAll(() => {
    vi.doUnmock('../../web/src/components/Player/VideoPlayer');
  });

  it('says 本讲视频暂未生成 instead of 视频暂未上线', async () => {
    const { VideoPlayer } = await vi.importActual<typeof import('../../web/src/components/Player/VideoPlayer')>(
      '../../web/src/components/Player/VideoPlayer',
    );
    const video = {
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      name: '第一讲',
      videoUrl: '',
      poster: '',
      subtitleUrl: '',
      duration: 300,
    };
    const first = renderWithProviders(
      <VideoPlayer
        ref={createRef<VideoPlayerHandle>()}
        video={{ ...video, mediaState: 'UNAVAILABLE' }}
        resume={null}
        danmaku={[]}
      />,
      createMockEnvironment(),
    );
    expect(screen.getByText('本讲视频暂未生成')).toBeTruthy();
    expect(screen.queryByText('视频暂未上线')).toBeNull();
    first.unmount();
    renderWithProviders(
      <VideoPlayer
        ref={createRef<VideoPlayerHandle>()}
        video={{ ...video, mediaState: 'NONE' }}
        resume={null}
        danmaku={[]}
      />,
      createMockEnvironment(),
    );
    expect(screen.getByText('视频暂未上线')).toBeTruthy();
  });
});
