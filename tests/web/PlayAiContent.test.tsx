/**
 * The AI content block of /Play (product-spec §1, §3 AI content, §4: 15 key points before 显示更多)
 * in the whole app over the mock gateway of playMocks.ts: overview, abstract, key points that seek
 * the player, 猜你想问 that opens the AI drawer and asks about the video, related majors, tags;
 * nothing while no AI content has been generated.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlayer, PlayGateway, renderPlay } from './playMocks';

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

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

function aiContent(keyPointCount: number) {
  return {
    courseOverview: '本课程讲述中国近现代史的基本脉络。',
    videoAbstract: '本讲介绍近代中国的社会性质与两大历史任务。',
    keyPoints: Array.from({ length: keyPointCount }, (_, i) => ({
      timePoint: 20 * (i + 1),
      keyPointsShow: mmss(20 * (i + 1)),
      description: `要点${i + 1}`,
    })),
    guessYouAsk: ['近代中国的两大历史任务是什么？', '什么是半殖民地半封建社会？'],
    relatedMajors: [
      { code: '030503', name: '思想政治教育', majorClass: '马克思主义理论类', discipline: '法学' },
      { code: '060101', name: '历史学', majorClass: '历史学类', discipline: '历史学' },
    ],
    coreContent: [
      { tagId: 7, tagName: '中国近现代史', tagType: 1, parentId: 1, catalogLevel: 2 },
      { tagId: 0, tagName: '救亡图存', tagType: 3, parentId: 0, catalogLevel: 0 },
    ],
  };
}

/** The play page's gateway, which also suggests questions for the AI drawer. */
class AiPlayGateway extends PlayGateway {
  override resolvers() {
    const base = super.resolvers();
    return {
      ...base,
      Query: (context: unknown, generateId: () => number) => ({
        ...(base.Query!(context, generateId) as object),
        aiSuggestedQuestions: ['什么是实践？'],
      }),
    };
  }
}

/** The gateway with AI content on each video (null: none generated yet). */
function gatewayWith(contents: Record<number, ReturnType<typeof aiContent> | null>) {
  const gateway = new AiPlayGateway();
  for (const video of gateway.videos) {
    video.aiContent = contents[video.videoId] ?? null;
  }
  return gateway;
}

function app(path: string, gateway: PlayGateway) {
  const rendered = renderPlay(path, gateway);
  stops.push(rendered.stop);
  return rendered;
}

describe('the AI content block', () => {
  it('shows the overview, the abstract, the tags and the related majors (name, code, 专业类)', async () => {
    app('/Play?courseId=11&catalogId=7', gatewayWith({ 501: aiContent(3) }));
    const block = await screen.findByRole('region', { name: 'AI内容' }, LONG);
    expect(within(block).getByRole('region', { name: '课程概述' }).textContent).toContain(
      '本课程讲述中国近现代史的基本脉络。',
    );
    expect(within(block).getByRole('region', { name: '视频摘要' }).textContent).toContain(
      '本讲介绍近代中国的社会性质与两大历史任务。',
    );
    expect(within(block).getByText('救亡图存')).toBeTruthy();
    const majors = within(block)
      .getAllByTestId('ai-major')
      .map((m) => m.textContent);
    expect(majors).toEqual(['思想政治教育030503马克思主义理论类', '历史学060101历史学类']);
  });

  it('shows 15 key points, then all of them after 显示更多; a key point seeks the player to its second', async () => {
    app('/Play?courseId=11&catalogId=7', gatewayWith({ 501: aiContent(17) }));
    const points = await screen.findByRole('region', { name: '知识要点' }, LONG);
    expect(within(points).getAllByTestId('ai-key-point')).toHaveLength(15);
    fireEvent.click(within(points).getByRole('button', { name: /显示更多/ }));
    expect(within(points).getAllByTestId('ai-key-point')).toHaveLength(17);
    fireEvent.click(within(points).getByRole('button', { name: /收起/ }));
    expect(within(points).getAllByTestId('ai-key-point')).toHaveLength(15);

    await screen.findByTestId('fake-player', undefined, LONG);
    fireEvent.click(within(points).getByRole('button', { name: '02:00 要点6' }));
    expect(fakePlayer.seeks).toEqual([120]);
  });

  it('15 key points or fewer: no 显示更多', async () => {
    app('/Play?courseId=11&catalogId=7', gatewayWith({ 501: aiContent(15) }));
    const points = await screen.findByRole('region', { name: '知识要点' }, LONG);
    expect(within(points).getAllByTestId('ai-key-point')).toHaveLength(15);
    expect(within(points).queryByRole('button', { name: /显示更多/ })).toBeNull();
  });

  it('a suggested question opens the AI drawer and asks it about the video shown', async () => {
    const { named } = app('/Play?courseId=11&catalogId=7', gatewayWith({ 501: aiContent(3) }));
    const suggested = await screen.findByRole('region', { name: '猜你想问' }, LONG);
    fireEvent.click(within(suggested).getByRole('button', { name: '什么是半殖民地半封建社会？' }));
    const drawer = await screen.findByRole('dialog', { name: 'AI问答' }, LONG);
    await waitFor(() => expect(named('useAiConversationSubscription')).toHaveLength(1), LONG);
    expect(named('useAiConversationSubscription')[0]!.variables).toMatchObject({
      input: { question: '什么是半殖民地半封建社会？', courseId: 11, videoId: 501, deepThinking: false },
    });
    expect(within(drawer).getByRole('article', { name: '问：什么是半殖民地半封建社会？' })).toBeTruthy();
  });

  it('is not shown while no AI content has been generated, and follows the video', async () => {
    const { router } = app('/Play?courseId=11&catalogId=7&videoId=502', gatewayWith({ 501: aiContent(3) }));
    await screen.findByTestId('fake-player', undefined, LONG);
    await screen.findByRole('region', { name: '关键帧' }, LONG);
    expect(screen.queryByRole('region', { name: 'AI内容' })).toBeNull();
    await router.navigate('/Play?courseId=11&catalogId=7&videoId=501');
    expect(await screen.findByRole('region', { name: 'AI内容' }, LONG)).toBeTruthy();
  });
});
