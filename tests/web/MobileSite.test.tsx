/**
 * The mobile site in the whole app over a mock gateway: /m/ pages in their own shell
 * (no desktop header, sidebar or shell query), home cards, search with highlights and history,
 * lecturer and topic pages, the play page behind the /Play QR code (the player for a signed-in
 * viewer, the login prompt for a visitor), unknown paths → /m/home.
 *
 * The player module is replaced by the play page tests' stand-in (jsdom cannot play media; the
 * real player runs in the Chromium e2e): it keeps the contract of components/Player/types.ts and
 * records the props and handle calls it gets.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockResolvers } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mobileLinkFor } from '../../web/src/routes/Mobile/mobileLinkFor';
import { renderApp } from './appHarness';
import { ANONYMOUS, MEMBER } from './centerMocks';
import { fakePlayer, keyframe, LOGIN_URL } from './playMocks';

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

const course = (courseId: number, name: string) => ({
  id: `course-${courseId}`,
  courseId,
  catalogueId: 30 + courseId,
  name,
  image: `/media/courses/${courseId}.jpg`,
  info: `${name}的课程简介`,
  authorName: '王老师',
  authorPosition: '教授',
  author: { id: 'author-7', authorId: 7 },
  videoCount: 3,
  viewCount: 1234,
});

const seg = (...parts: Array<string | [string]>) =>
  parts.map((p) => (typeof p === 'string' ? { text: p, hit: false } : { text: p[0], hit: true }));

function resolvers(): MockResolvers {
  return {
    Query: () => ({
      banners: [{ id: 'b1', title: '活动一', image: '/media/banners/1.jpg', gotoUrl: '/authorDes?id=7' }],
      featuredTopics: [{ id: 'topic-5', topicId: 5, title: '党的二十大精神', image: '/media/t/5.jpg', courseCount: 2 }],
      recommendedAuthors: [{ id: 'author-7', authorId: 7, name: '王老师', position: '教授', image: '/media/a/7.jpg' }],
      recommendedCourses: {
        edges: [
          { cursor: 'c1', node: course(1, '马克思主义基本原理') },
          { cursor: 'c2', node: course(2, '中国近现代史纲要') },
        ],
        pageInfo: { hasNextPage: false, endCursor: 'c2', hasPreviousPage: false, startCursor: 'c1' },
      },
      author: {
        id: 'author-7',
        authorId: 7,
        name: '王老师',
        position: '北京大学教授',
        image: '/media/a/7.jpg',
        intro: '<p>长期从事<strong>思想政治教育</strong>研究。</p><script>alert(1)</script>',
        courseCount: 1,
        videoCount: 3,
        courses: { edges: [{ cursor: 'x', node: course(1, '马克思主义基本原理') }], pageInfo: { hasNextPage: false } },
      },
      topic: {
        id: 'topic-5',
        topicId: 5,
        title: '党的二十大精神',
        info: '学习贯彻党的二十大精神',
        image: '/media/t/5.jpg',
        courseCount: 2,
        courses: [course(3, '专题课程甲'), course(4, '专题课程乙')],
      },
      course: {
        ...course(1, '马克思主义基本原理'),
        videos: [
          { id: 'video-11', videoId: 11, name: '第一讲 导论', numberShow: '01', duration: 600 },
          { id: 'video-12', videoId: 12, name: '第二讲 唯物论', numberShow: '02', duration: 725 },
        ],
      },
      search: {
        counts: { courseCount: 5, knowledgePointCount: 0, topicCount: 1, authorCount: 1 },
        overview: {
          courses: [
            {
              course: { id: 'course-9', courseId: 9, catalogueId: 39, image: '/media/c/9.jpg' },
              name: seg('马克思主义', ['哲学'], '原理'),
              info: seg('关于', ['哲学'], '的课程'),
              authorName: seg('李老师'),
            },
          ],
          knowledgePoints: [],
          topics: [
            {
              topic: { id: 'topic-6', topicId: 6, image: '/media/t/6.jpg', courseCount: 1 },
              title: seg(['哲学'], '专题'),
              info: seg(''),
            },
          ],
          authors: [
            {
              author: { id: 'author-8', authorId: 8, image: '/media/a/8.jpg' },
              name: seg('赵老师'),
              position: seg(['哲学'], '系'),
            },
          ],
        },
        topics: {
          edges: [
            {
              cursor: '1',
              node: {
                topic: { id: 'topic-6', topicId: 6, image: '/media/t/6.jpg' },
                title: seg(['哲学'], '专题'),
                info: seg(''),
              },
            },
          ],
          pageInfo: { hasNextPage: false, endCursor: '1', hasPreviousPage: false, startCursor: '1' },
        },
      },
    }),
  };
}

/** The play page's video as the gateway answers it (playPage.video and course.videos share the record). */
function playVideo(videoId: number, name: string, numberShow: string, duration: number) {
  return {
    __typename: 'Video',
    id: `video-${videoId}`,
    videoId,
    courseId: 1,
    name,
    numberShow,
    duration,
    image: `/media/v/${videoId}.jpg`,
    abstract: `${name}的视频简介`,
    videoUrl: `/media/videos/v${videoId}/master.m3u8`,
    qualities: [
      { name: '720p', height: 720, bandwidth: 2_000_000 },
      { name: '360p', height: 360, bandwidth: 600_000 },
    ],
    subtitleUrl: `/media/videos/v${videoId}/subtitles.vtt`,
    mediaState: 'READY',
    keyframes: [keyframe(30, '问题导入'), keyframe(120, '对立统一')],
    danmaku: [{ id: `danmaku-${videoId}`, vtime: 3, content: videoId === 12 ? '第二讲开讲了' : '开讲了', mine: false }],
    // not made yet: the AI content block stays away (PlayAiContent.test covers it)
    aiContent: null,
  };
}

/**
 * resolvers() with the viewer, the login page's address and the play page (GetPlayPageData): a
 * visitor gets playPage null, as the gateway answers it (LOGIN_REQUIRED beside it).
 */
function playResolvers(viewer: typeof MEMBER | typeof ANONYMOUS): MockResolvers {
  const base = resolvers();
  const videos = [playVideo(11, '第一讲 导论', '01', 600), playVideo(12, '第二讲 唯物论', '02', 725)];
  const signedIn = viewer.userType > 0;
  return {
    ...base,
    Viewer: () => viewer,
    Site: () => ({ loginUrl: LOGIN_URL }),
    Query: (context, generateId) => {
      const query = base.Query!(context, generateId) as Record<string, unknown>;
      return { ...query, course: { ...(query.course as object), videos }, ...(signedIn ? {} : { playPage: null }) };
    },
    // the player's scrolling comments load by their own query (node(id:) of the video)
    Node: (context) => {
      const id = ((context as { args?: { id?: string } } | null)?.args ?? {}).id;
      const video = videos.find((v) => v.id === id);
      return video ? { ...video } : undefined;
    },
    Danmaku: () => ({ id: 'danmaku-12', vtime: 3, content: '第二讲开讲了', mine: false }),
    PlayPage: (context) => {
      const args = ((context as { args?: { videoId?: number } } | null)?.args ?? {}) as { videoId?: number };
      const video = videos.find((v) => v.videoId === args.videoId) ?? videos[0]!;
      return {
        course: { id: 'course-1' },
        video,
        videos,
        resume: {
          logId: `log-${video.videoId}`,
          videoId: video.videoId,
          lastPlayTime: 42,
          duration: video.duration,
          lastWatchTime: '2026-11-20T08:00:00.000Z',
        },
      };
    },
  };
}

describe('the mobile site under /m/', () => {
  it('/m/home: its own shell (no desktop shell query), banners, topics, lecturers and course cards linking inside /m/', async () => {
    const { named, stop } = renderApp('/m/home', resolvers());
    stops.push(stop);
    const courses = await screen.findByRole('list', { name: '推荐课程' }, LONG);
    expect(
      within(courses)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/m/play?catalogId=31&courseId=1', '/m/play?catalogId=32&courseId=2']);
    expect(within(courses).getByText('马克思主义基本原理')).toBeTruthy();
    expect(named('ShellQuery')).toHaveLength(0);
    expect(named('HomeQuery')).toHaveLength(0);
    expect(named('MobileHomeQuery')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: '手机网页版导航' })).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(document.title).toBe('首页 - 思政云课堂');
    // banner and topic and lecturer links stay on the mobile site
    expect(
      within(screen.getByRole('list', { name: '轮播图' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/m/authorDes?id=7');
    expect(
      within(screen.getByRole('list', { name: '推荐专题' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/m/special/des?speciaId=5');
    expect(
      within(screen.getByRole('list', { name: '名校名师' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/m/authorDes?id=7');
    // no back arrow on the home page
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    // the topic and lecturer lists: 更多 beside the sections, and two bottom tabs
    expect(screen.getByRole('link', { name: '更多推荐专题' }).getAttribute('href')).toBe('/m/special');
    expect(screen.getByRole('link', { name: '更多名校名师' }).getAttribute('href')).toBe('/m/author');
    const tabs = within(screen.getByRole('navigation', { name: '手机网页版导航' })).getAllByRole('link');
    expect(tabs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['首页', '/m/home'],
      ['专题', '/m/special'],
      ['名师', '/m/author'],
      ['搜索', '/m/search'],
      ['我的', '/m/center'],
    ]);
  });

  it('/m/ and an unknown /m/ path go to /m/home', async () => {
    const { router, stop } = renderApp('/m/unknown/page', resolvers());
    stops.push(stop);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'), LONG);
    await screen.findByRole('list', { name: '推荐课程' }, LONG);
    await act(async () => {
      await router.navigate('/m/');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'), LONG);
  });

  it('/m/search: the box (50 characters, 请输入内容), results with highlights in tabs, the history', async () => {
    const { router, named, stop } = renderApp('/m/search', resolvers());
    stops.push(stop);
    const box = await screen.findByRole('combobox', { name: '搜索关键词' }, LONG);
    expect(box.getAttribute('placeholder')).toBe('请输入内容');
    expect(box.getAttribute('maxlength')).toBe('50');
    expect(named('MobileSearchQuery')).toHaveLength(0);

    fireEvent.change(box, { target: { value: ' 哲学 ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?key=%E5%93%B2%E5%AD%A6'), LONG);
    const courses = await screen.findByRole('list', { name: '课程' }, LONG);
    expect(named('MobileSearchQuery')[0]!.variables).toEqual({
      keyword: '哲学',
      isAll: true,
      isCourses: false,
      isPoints: false,
      isTopics: false,
      isLecturers: false,
    });
    expect(within(courses).getByRole('link').getAttribute('href')).toBe('/m/play?catalogId=39&courseId=9');
    expect([...courses.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['哲学', '哲学']);
    expect(screen.getByRole('tab', { name: '课程 5' })).toBeTruthy();
    // 综合 shows its count too: every group together
    expect(screen.getByRole('tab', { name: '综合 7' })).toBeTruthy();

    // 查看全部课程 opens the 课程 tab (more than the preview's one)
    expect(screen.getByRole('button', { name: '查看全部课程（5）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /查看全部专题/ })).toBeNull();

    // a tab is the same search on the same history entry (?menuIndex=), showing its group only
    fireEvent.click(screen.getByRole('tab', { name: '专题 1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?key=%E5%93%B2%E5%AD%A6&menuIndex=3'), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(
      () => expect(screen.getByRole('tab', { name: '专题 1' }).getAttribute('aria-selected')).toBe('true'),
      LONG,
    );
    expect(named('MobileSearchQuery').at(-1)!.variables).toMatchObject({
      keyword: '哲学',
      isAll: false,
      isTopics: true,
    });
    expect(screen.queryByRole('list', { name: '课程' })).toBeNull();
    expect(
      within(await screen.findByRole('list', { name: '专题' }, LONG))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/m/special/des?speciaId=6');

    // the history has the keyword
    await act(async () => {
      await router.navigate('/m/search');
    });
    const history = await screen.findByRole('list', { name: '搜索历史' }, LONG);
    expect(within(history).getByRole('link', { name: '哲学' })).toBeTruthy();
  });

  it('/m/authorDes?id=: the lecturer, the sanitised intro and the courses', async () => {
    const { named, stop } = renderApp('/m/authorDes?id=7', resolvers());
    stops.push(stop);
    expect(await screen.findByRole('heading', { name: '王老师' }, LONG)).toBeTruthy();
    expect(named('MobileLecturerQuery')[0]!.variables).toEqual({ authorId: 7 });
    expect(screen.getByText('思想政治教育').tagName).toBe('STRONG');
    expect(document.querySelector('main script')).toBeNull();
    const courses = screen.getByRole('list', { name: '讲师课程' });
    expect(within(courses).getByRole('link').getAttribute('href')).toBe('/m/play?catalogId=31&courseId=1');
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    // the tab names the lecturer
    await waitFor(() => expect(document.title).toBe('王老师 - 思政云课堂'), LONG);
  });

  it('/m/special/des?speciaId=: the topic and its courses', async () => {
    const { named, stop } = renderApp('/m/special/des?speciaId=5', resolvers());
    stops.push(stop);
    expect(await screen.findByRole('heading', { name: '党的二十大精神' }, LONG)).toBeTruthy();
    expect(named('MobileTopicQuery')[0]!.variables).toEqual({ topicId: 5 });
    const courses = screen.getByRole('list', { name: '专题课程' });
    expect(within(courses).getAllByRole('link')).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('党的二十大精神 - 思政云课堂'), LONG);
  });

  it("/m/play for a visitor: the course and its videos, and in the player's place a login prompt whose 登录 leads to the login page and back", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router, named, stop } = renderApp('/m/play?catalogId=31&courseId=1&videoId=12', playResolvers(ANONYMOUS));
    stops.push(stop);
    expect(await screen.findByRole('heading', { name: '马克思主义基本原理' }, LONG)).toBeTruthy();
    expect(named('MobilePlayQuery')[0]!.variables).toEqual({ courseId: 1, videoId: 12, catalogueId: 31 });
    const prompt = screen.getByRole('region', { name: '登录提示' });
    expect(prompt.textContent).toContain('登录后即可观看课程视频');
    const back = `${window.location.origin}/m/play?catalogId=31&courseId=1&videoId=12`;
    expect(within(prompt).getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      `${LOGIN_URL}?redirect=${encodeURIComponent(back)}`,
    );
    // no popup by itself on a phone, and no player
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByTestId('fake-player')).toBeNull();
    expect(screen.queryByRole('region', { name: '视频播放器' })).toBeNull();

    const videos = screen.getByRole('list', { name: '课程目录' });
    const links = within(videos).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[1]!.getAttribute('aria-current')).toBe('true');
    expect(links[0]!.getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: '王老师' }).getAttribute('href')).toBe('/m/authorDes?id=7');
    expect(screen.getByText('当前视频：第二讲 唯物论')).toBeTruthy();
    // the tab names the video and the course, for a visitor too
    await waitFor(() => expect(document.title).toBe('第二讲 唯物论 - 马克思主义基本原理 - 思政云课堂'), LONG);

    // a tap on another video replaces the URL; the prompt comes back to that video
    fireEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.search).toContain('videoId=11'), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: '课程目录' }))
            .getAllByRole('link')[0]!
            .getAttribute('aria-current'),
        ).toBe('true'),
      LONG,
    );
    const backToFirst = `${window.location.origin}/m/play?catalogId=31&courseId=1&videoId=11`;
    expect(
      within(screen.getByRole('region', { name: '登录提示' }))
        .getByRole('link', { name: '登录' })
        .getAttribute('href'),
    ).toBe(`${LOGIN_URL}?redirect=${encodeURIComponent(backToFirst)}`);
  });

  it('/m/play signed in: the player gets the video, its media, danmaku, the resume point and ?vtime=', async () => {
    const { named, stop } = renderApp('/m/play?catalogId=31&courseId=1&videoId=12&vtime=95', playResolvers(MEMBER));
    stops.push(stop);
    const player = await screen.findByTestId('fake-player', undefined, LONG);
    expect(player.dataset.videoId).toBe('12');
    expect(named('MobilePlayQuery')[0]!.variables).toEqual({ courseId: 1, videoId: 12, catalogueId: 31 });
    expect(fakePlayer.props!.video).toEqual({
      videoId: 12,
      courseId: 1,
      catalogueId: 31,
      name: '第二讲 唯物论',
      videoUrl: '/media/videos/v12/master.m3u8',
      poster: '/media/v/12.jpg',
      subtitleUrl: '/media/videos/v12/subtitles.vtt',
      duration: 725,
      mediaState: 'READY',
    });
    await waitFor(
      () =>
        expect(fakePlayer.props!.danmaku).toEqual([
          { id: 'danmaku-12', vtime: 3, content: '第二讲开讲了', mine: false },
        ]),
      LONG,
    );
    expect(fakePlayer.props!.resume).toEqual({ logId: 'log-12', videoId: 12, lastPlayTime: 42, duration: 725 });
    // ?vtime= starts there instead of the resume point
    expect(fakePlayer.props!.startAt).toBe(95);
    // no floating window on a phone (a 360 px window would cover a 390 px screen)
    expect(fakePlayer.props!.floating).toBe(false);
    expect(screen.queryByRole('region', { name: '登录提示' })).toBeNull();
    // the player comes first on the page, then the course
    const section = screen.getByRole('region', { name: '视频播放器' });
    expect(
      section.compareDocumentPosition(screen.getByRole('heading', { name: '马克思主义基本原理' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: '视频简介' }).textContent).toContain('第二讲 唯物论的视频简介');
  });

  it('/m/play signed in: a keyframe tap seeks the player; a tap on another video replaces the URL and plays it; the end moves on', async () => {
    const { router, named, stop } = renderApp(
      '/m/play?catalogId=31&courseId=1&videoId=12&vtime=95',
      playResolvers(MEMBER),
    );
    stops.push(stop);
    await screen.findByTestId('fake-player', undefined, LONG);
    const keyframes = screen.getByRole('region', { name: '关键帧' });
    fireEvent.click(within(keyframes).getByRole('button', { name: /^02:00\s*对立统一/ }));
    expect(fakePlayer.seeks).toEqual([120]);

    fireEvent.click(within(screen.getByRole('list', { name: '课程目录' })).getByRole('link', { name: /第一讲/ }));
    await waitFor(() => expect(screen.getByTestId('fake-player').dataset.videoId).toBe('11'), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      catalogId: '31',
      courseId: '1',
      videoId: '11',
    });
    expect(named('MobilePlayQuery').at(-1)!.variables).toEqual({ courseId: 1, videoId: 11, catalogueId: 31 });
    // vtime belonged to the other video's URL
    expect(fakePlayer.props!.startAt).toBeNull();
    expect(fakePlayer.props!.video.name).toBe('第一讲 导论');
    expect(
      within(screen.getByRole('list', { name: '课程目录' }))
        .getByRole('link', { name: /第一讲/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(screen.getByRole('region', { name: '视频简介' }).textContent).toContain('第一讲 导论的视频简介');

    // §4: the end of a video plays the next one of the list
    act(() => fakePlayer.props!.onEnded!());
    await waitFor(() => expect(screen.getByTestId('fake-player').dataset.videoId).toBe('12'), LONG);
    expect(new URLSearchParams(router.state.location.search).get('videoId')).toBe('12');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/m/play without a course asks nothing and says 课程不存在', async () => {
    const { named, stop } = renderApp('/m/play?catalogId=&courseId=&videoId=', resolvers());
    stops.push(stop);
    expect(await screen.findByText('课程不存在', undefined, LONG)).toBeTruthy();
    expect(named('MobilePlayQuery')).toHaveLength(0);
  });

  it('platform links map onto the mobile site', () => {
    const origin = 'https://ke.example.cn';
    expect(mobileLinkFor('/m/activity/2025', origin)).toEqual({ internal: '/m/activity/2025' });
    expect(mobileLinkFor('/Play?courseId=1&catalogId=2&videoId=3', origin)).toEqual({
      internal: '/m/play?catalogId=2&courseId=1&videoId=3',
    });
    expect(mobileLinkFor('/special/des?id=4', origin)).toEqual({ internal: '/m/special/des?speciaId=4' });
    expect(mobileLinkFor('/special', origin)).toEqual({ internal: '/m/special' });
    expect(mobileLinkFor('/author', origin)).toEqual({ internal: '/m/author' });
    expect(mobileLinkFor('/catalog?scId=1', origin)).toEqual({ internal: '/m/catalog?scId=1' });
    expect(mobileLinkFor('https://www.xuexi.cn/', origin)).toEqual({ external: 'https://www.xuexi.cn/' });
  });
});
