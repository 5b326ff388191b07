/**
 * /Play in the whole app over a mock gateway (tests/web/playMocks.ts): login required, the course
 * error view, the layout around the player, switching videos (the route is replaced and the player
 * gets the new video), vtime, keyframes (3 until 展开), the lecturer card and related courses.
 *
 * The player module is replaced by a stand-in (vi.mock below): jsdom cannot play media, and the
 * real player (vidstack, HLS) is covered by its own tests and the Chromium e2e. The stand-in keeps
 * the contract of components/Player/types.ts and records the props and handle calls it gets.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, fakePlayer, LOGIN_URL, PlayGateway, renderPlay } from './playMocks';

vi.mock('../../web/src/components/Player/VideoPlayer', async () => ({
  VideoPlayer: (await import('./playMocks')).FakeVideoPlayer,
}));

const LONG = { timeout: 10_000 };
const stops: Array<() => void> = [];
beforeEach(() => fakePlayer.reset());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

function app(path: string, gateway = new PlayGateway(), options?: { failPlayQuery?: boolean }) {
  const rendered = renderPlay(path, gateway, options);
  stops.push(rendered.stop);
  return { ...rendered, gateway };
}

const COURSE_PATH = '/Play?courseId=11&catalogId=7';

describe('a visitor', () => {
  it('landing on /Play by a link sees the course with 登录后观看 on the player, whose click opens the login page; no window opened by itself', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const gateway = new PlayGateway();
    gateway.viewer = { ...ANONYMOUS };
    const { named } = app(COURSE_PATH, gateway);
    expect(await screen.findByText('登录后即可观看课程视频', undefined, LONG)).toBeTruthy();
    // the course around the player is public: its title, its outline and the tab's name
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 1, name: '中国近现代史纲要' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: '视频列表' })).getAllByRole('button')).toHaveLength(3);
    await waitFor(
      () => expect(document.title).toBe(`${gateway.videos[0]!.name} - 中国近现代史纲要 - 思政云课堂`),
      LONG,
    );
    const loginUrl = `${LOGIN_URL}?redirect=${encodeURIComponent(window.location.href)}`;
    // nothing without a click behind it (a popup blocker may eat it, and a card opened it already)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(within(main).getByRole('button', { name: '登录后观看' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenLastCalledWith(loginUrl, '_blank', 'noopener');
    // no player, and no scrolling comments asked for
    expect(screen.queryByTestId('fake-player')).toBeNull();
    expect(named('useVideoDanmakuQuery')).toHaveLength(0);
    expect(named('PlayQuery')[0]!.variables).toEqual({ courseId: 11, videoId: 0, catalogueId: 7 });
  });
});

describe('scrolling comments', () => {
  it('are loaded by a request of their own for the video shown and handed to the player', async () => {
    const gateway = new PlayGateway();
    gateway.videos[0]!.danmaku = [{ id: 'd-1', vtime: 3, content: '开讲了', mine: false }];
    const { named } = app(COURSE_PATH, gateway);
    await screen.findByTestId('fake-player', undefined, LONG);
    await waitFor(
      () => expect(fakePlayer.props!.danmaku).toEqual([{ id: 'd-1', vtime: 3, content: '开讲了', mine: false }]),
      LONG,
    );
    expect(named('useVideoDanmakuQuery').map((o) => o.variables)).toEqual([{ id: 'video-501' }]);
  });

  it('a load failure shows the server’s message and keeps the player (with no comments)', async () => {
    const gateway = new PlayGateway();
    gateway.fail.danmaku = { message: '弹幕服务暂时不可用' };
    const { named } = app(COURSE_PATH, gateway);
    expect(await screen.findByText('弹幕服务暂时不可用', undefined, LONG)).toBeTruthy();
    expect(named('useVideoDanmakuQuery')).toHaveLength(1);
    expect(screen.getByTestId('fake-player').dataset.videoId).toBe('501');
    expect(fakePlayer.props!.danmaku).toEqual([]);
  });

  it('a failed request says 弹幕加载失败', async () => {
    const gateway = new PlayGateway();
    gateway.fail.danmaku = 'network';
    app(COURSE_PATH, gateway);
    expect(await screen.findByText('弹幕加载失败', undefined, LONG)).toBeTruthy();
    expect(screen.getByTestId('fake-player').dataset.videoId).toBe('501');
  });
});

describe('the course error view', () => {
  it('an unknown course says 课程出错啦~看一下其他课程吧 with the way home', async () => {
    const gateway = new PlayGateway();
    gateway.unknownCourse = true;
    const { router } = app('/Play?courseId=999&catalogId=7&videoId=1', gateway);
    const view = await screen.findByRole('alert', undefined, LONG);
    expect(within(view).getByText('课程出错啦~看一下其他课程吧')).toBeTruthy();
    fireEvent.click(within(view).getByRole('link', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
  });

  it('without a course id nothing is asked and the error view shows', async () => {
    const { named } = app('/Play?catalogId=7');
    expect(await screen.findByText('课程出错啦~看一下其他课程吧', undefined, LONG)).toBeTruthy();
    expect(named('PlayQuery')).toHaveLength(0);
  });

  it('a failed play-data request shows the same view, and 重新加载 asks again', async () => {
    const gateway = new PlayGateway();
    const { named } = app(COURSE_PATH, gateway, { failPlayQuery: true });
    expect(await screen.findByText('课程出错啦~看一下其他课程吧', undefined, LONG)).toBeTruthy();
    expect(named('PlayQuery')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(named('PlayQuery').length).toBeGreaterThan(1), LONG);
  });
});

describe('the page around the player', () => {
  it('shows the trail, title, tags, the current video in the player and the list with it marked', async () => {
    app(COURSE_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: '中国近现代史纲要' }, LONG)).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(trail).getByRole('link', { name: '中国近现代史' }).getAttribute('href')).toBe('/catalog?scId=7');
    const tags = screen.getByRole('list', { name: '课程标签' });
    expect(within(tags).getByRole('link', { name: '王教授' }).getAttribute('href')).toBe('/authorDes?id=906');

    expect((await screen.findByTestId('fake-player', undefined, LONG)).dataset.videoId).toBe('501');
    expect(fakePlayer.props!.video).toMatchObject({
      videoId: 501,
      courseId: 11,
      catalogueId: 7,
      name: '第一讲 绪论',
      videoUrl: '/media/videos/v501/master.m3u8',
      subtitleUrl: '/media/videos/v501/subtitles.vtt',
      duration: 600,
    });
    expect(fakePlayer.props!.resume).toEqual({ logId: 'log-1', videoId: 501, lastPlayTime: 42, duration: 600 });
    expect(fakePlayer.props!.startAt).toBeNull();

    const list = screen.getByRole('navigation', { name: '视频列表' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(3);
    expect(items[0]!.getAttribute('aria-current')).toBe('true');
    expect(items[1]!.getAttribute('aria-current')).toBeNull();
    // the tab names the video and the course (not 课程播放 for every tab)
    await waitFor(() => expect(document.title).toBe('第一讲 绪论 - 中国近现代史纲要 - 思政云课堂'), LONG);
  });

  it('a click on another video replaces the URL with its videoId and the player gets that video', async () => {
    const { router, named } = app(`${COURSE_PATH}&videoId=501&vtime=90`);
    await screen.findByTestId('fake-player', undefined, LONG);
    // vtime: the player starts there instead of the resume point
    expect(fakePlayer.props!.startAt).toBe(90);
    const before = router.state.location.key;
    const list = screen.getByRole('navigation', { name: '视频列表' });
    fireEvent.click(within(list).getByRole('button', { name: /第二讲/ }));
    await waitFor(() => expect(screen.getByTestId('fake-player').dataset.videoId).toBe('502'), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.key).not.toBe(before);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      courseId: '11',
      catalogId: '7',
      videoId: '502',
    });
    expect(named('PlayQuery').at(-1)!.variables).toEqual({ courseId: 11, videoId: 502, catalogueId: 7 });
    expect(fakePlayer.props!.video.name).toBe('第二讲 进入近代后中华民族的磨难与抗争');
    expect(fakePlayer.props!.startAt).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: '视频列表' }))
        .getByRole('button', { name: /第二讲/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    // the tab names the video now playing
    await waitFor(
      () => expect(document.title).toBe('第二讲 进入近代后中华民族的磨难与抗争 - 中国近现代史纲要 - 思政云课堂'),
      LONG,
    );
  });

  it('the end of a video moves on to the next one of the list', async () => {
    const { router } = app(`${COURSE_PATH}&videoId=502`);
    await screen.findByTestId('fake-player', undefined, LONG);
    act(() => fakePlayer.props!.onEnded!());
    await waitFor(() => expect(screen.getByTestId('fake-player').dataset.videoId).toBe('503'), LONG);
    expect(new URLSearchParams(router.state.location.search).get('videoId')).toBe('503');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keyframes: 3 shown until 展开, all after it, 3 again after 收起; a click seeks the player', async () => {
    app(COURSE_PATH);
    const section = await screen.findByRole('region', { name: '关键帧' }, LONG);
    expect(within(section).getAllByTestId('keyframe')).toHaveLength(3);
    const toggle = within(section).getByRole('button', { name: '展开' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(section).getAllByTestId('keyframe')).toHaveLength(5);
    expect(within(section).getByText('小结')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: '收起' }));
    expect(within(section).getAllByTestId('keyframe')).toHaveLength(3);
    fireEvent.click(within(section).getByRole('button', { name: /^01:15\s*近代中国的社会性质/ }));
    expect(fakePlayer.seeks).toEqual([75]);
    expect(screen.getByRole('region', { name: '视频简介' }).textContent).toContain('第一讲 绪论的视频简介');
  });

  it('shows the lecturer card with two of their courses, 10 related courses, the QR code and the share link', async () => {
    app(COURSE_PATH);
    const lecturer = await screen.findByRole('region', { name: '主讲老师' }, LONG);
    expect(within(lecturer).getByRole('link', { name: '王教授' }).getAttribute('href')).toBe('/authorDes?id=906');
    expect(within(lecturer).getByRole('img', { name: '王教授' }).getAttribute('src')).toBe('/media/authors/906.jpg');
    expect(within(lecturer).getByText('北京大学马克思主义学院教授')).toBeTruthy();
    const courses = within(lecturer).getAllByRole('link', { name: /讲师课程/ });
    expect(courses).toHaveLength(2);
    expect(courses[0]!.getAttribute('target')).toBe('_blank');

    const related = screen.getByRole('region', { name: '相关课程' });
    expect(within(related).getAllByRole('link')).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: '手机观看' }));
    const qr = screen.getByRole('dialog', { name: '手机观看' });
    expect(within(qr).getByRole('img', { name: '手机观看二维码' }).getAttribute('src')).toBe(
      '/qr/play.png?courseId=11&videoId=501',
    );
    expect(within(qr).getByText('扫码在手机上观看')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    const share = screen.getByRole('dialog', { name: '分享' });
    expect((within(share).getByRole('textbox', { name: '页面链接' }) as HTMLInputElement).value).toBe(
      `${window.location.origin}/Play?courseId=11&catalogId=7&videoId=501`,
    );
  });
});
