/**
 * The AI问答 drawer (product-spec §2 AI drawer, §4 AI chat, §5 AI question, §9) over a mock Relay
 * environment: queries (the viewer, 猜你想问) are answered as they come; the askAI subscription is
 * left open and its events are streamed into it by the test, as the gateway sends them over SSE.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import type { OperationDescriptor } from 'relay-runtime';
import {
  createMockEnvironment,
  MockPayloadGenerator,
  type MockResolvers,
  type RelayMockEnvironment,
} from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginUrlProvider } from '../../web/src/lib/LoginPage';
import {
  AiAssistant,
  useAiAssistant,
  type AiAssistantControls,
} from '../../web/src/components/AiAssistant/AiAssistant';
import { sidePanelInset } from '../../web/src/lib/sidePanelInset';
import { declaredStyle } from './declaredStyle';
import { renderWithProviders } from './render';

const LOGIN_URL = 'http://login.example.edu.cn/login';
const LONG = { timeout: 10_000 };
const SUBSCRIPTION = 'useAiConversationSubscription';

type StreamMock = RelayMockEnvironment['mock'] & {
  nextValue(operation: OperationDescriptor, payload: { data: unknown }): void;
  complete(operation: OperationDescriptor): void;
  reject(operation: OperationDescriptor, error: Error): void;
};

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true, writable: true });
});

interface Options {
  userType?: number;
  suggestions?: string[];
  path?: string;
}

let controls: AiAssistantControls | null = null;
function Page() {
  const assistant = useAiAssistant();
  useEffect(() => {
    controls = assistant;
  }, [assistant]);
  return <p>页面内容</p>;
}

function renderDrawer({
  userType = 1,
  suggestions = ['什么是实践？', '矛盾的普遍性是什么？'],
  path = '/home',
}: Options = {}) {
  const environment = createMockEnvironment();
  const mock = environment.mock as StreamMock;
  const queries: Array<{ name: string; variables: Record<string, unknown> }> = [];
  // who the gateway says the viewer is, from the next query on
  const server = { userType };
  const resolvers: MockResolvers = {
    Viewer: () => ({ userType: server.userType, isLoggedIn: server.userType > 0 }),
    Query: () => ({ aiSuggestedQuestions: suggestions }),
  };
  // answer every query soon after it is sent; subscriptions stay open for the test to stream into
  const timer = setInterval(() => {
    for (const operation of mock.getAllOperations()) {
      if (operation.request.node.params.operationKind !== 'query') continue;
      queries.push({ name: operation.request.node.params.name, variables: { ...operation.request.variables } });
      act(() => mock.resolve(operation, MockPayloadGenerator.generate(operation, resolvers)));
    }
  }, 5);
  stops.push(() => clearInterval(timer));
  const rendered = renderWithProviders(
    <LoginUrlProvider loginUrl={LOGIN_URL}>
      <AiAssistant>
        <Page />
      </AiAssistant>
    </LoginUrlProvider>,
    environment,
    path,
  );
  const subscriptions = () => mock.getAllOperations().filter((o) => o.request.node.params.name === SUBSCRIPTION);
  const stream = () => {
    const open = subscriptions();
    expect(open).toHaveLength(1);
    return open[0]!;
  };
  const send = (data: unknown) => act(() => mock.nextValue(stream(), { data: { askAI: data } }));
  return {
    environment,
    mock,
    queries,
    server,
    unmount: rendered.unmount,
    subscriptions,
    stream,
    thinking: (text: string) => send({ __typename: 'AIThinkingDelta', text }),
    answer: (text: string) => send({ __typename: 'AIAnswerDelta', text }),
    done: (sources: unknown[]) => {
      const operation = stream();
      act(() => {
        mock.nextValue(operation, { data: { askAI: { __typename: 'AIAnswerDone', sources } } });
        mock.complete(operation);
      });
    },
  };
}

async function openDrawer() {
  fireEvent.click(screen.getByRole('button', { name: '打开AI问答' }));
  const drawer = await screen.findByRole('dialog', { name: 'AI问答' }, LONG);
  await within(drawer).findByRole('textbox', { name: '向AI提问' }, LONG);
  return drawer;
}

function input(drawer: HTMLElement) {
  return within(drawer).getByRole('textbox', { name: '向AI提问' });
}

function typeAndSend(drawer: HTMLElement, text: string) {
  fireEvent.change(input(drawer), { target: { value: text } });
  fireEvent.click(within(drawer).getByRole('button', { name: '发送' }));
}

const SOURCE = {
  index: 1,
  videoId: 501,
  courseId: 11,
  catalogueId: 7,
  videoName: '第一讲 实践的本质',
  courseName: '马克思主义基本原理',
  timePoint: 95,
  timeLabel: '01:35',
  excerpt: '实践是人类能动地改造世界的客观物质性活动。',
};

describe('the drawer', () => {
  it('opens titled AI问答 with the general suggested questions (off the play page)', async () => {
    const { queries } = renderDrawer();
    const drawer = await openDrawer();
    const suggested = await within(drawer).findByRole('region', { name: '猜你想问' }, LONG);
    expect(within(suggested).getByRole('button', { name: '什么是实践？' })).toBeTruthy();
    expect(queries.find((q) => q.name === 'AiSuggestedQuestionsQuery')!.variables).toEqual({
      courseId: 0,
      videoId: 0,
      first: 6,
    });
  });

  it('on /Play suggests the questions of the video shown', async () => {
    const { queries } = renderDrawer({ path: '/Play?courseId=11&catalogId=7&videoId=502' });
    const drawer = await openDrawer();
    await within(drawer).findByRole('region', { name: '猜你想问' }, LONG);
    expect(queries.find((q) => q.name === 'AiSuggestedQuestionsQuery')!.variables).toEqual({
      courseId: 11,
      videoId: 502,
      first: 6,
    });
  });

  it('is 400 px wide below a 1400 px window and a quarter of the window from 1400 px on', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1399, configurable: true, writable: true });
    renderDrawer();
    const drawer = await openDrawer();
    expect(drawer.style.width).toBe('400px');
    // what floats over the page (the floating player) is told to keep clear of it
    expect(sidePanelInset()).toBe(400);
    act(() => {
      Object.defineProperty(window, 'innerWidth', { value: 1400, configurable: true, writable: true });
      window.dispatchEvent(new Event('resize'));
    });
    expect(drawer.style.width).toBe('350px');
    expect(sidePanelInset()).toBe(350);
    act(() => {
      Object.defineProperty(window, 'innerWidth', { value: 2000, configurable: true, writable: true });
      window.dispatchEvent(new Event('resize'));
    });
    expect(drawer.style.width).toBe('500px');
  });

  it("the question box fills the drawer's width (not a textarea's default 20 columns)", async () => {
    renderDrawer();
    const drawer = await openDrawer();
    expect(declaredStyle(input(drawer), 'width')).toBe('100%');
  });
});

describe('§5 question rules', () => {
  it('empty (or only spaces): 请输入内容, nothing is asked', async () => {
    const { subscriptions } = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '   ');
    expect(await screen.findByText('请输入内容')).toBeTruthy();
    expect(subscriptions()).toHaveLength(0);
  });

  it('over 200 characters (code points): 输入限200字以内; 200 are fine, and the text is never cut', async () => {
    const { subscriptions } = renderDrawer();
    const drawer = await openDrawer();
    // 201 characters of which some are outside the BMP: 206 UTF-16 units
    const tooLong = '问'.repeat(196) + '😀'.repeat(5);
    fireEvent.change(input(drawer), { target: { value: tooLong } });
    expect((input(drawer) as HTMLTextAreaElement).value).toBe(tooLong);
    expect(within(drawer).getByText('201/200')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '发送' }));
    expect(await screen.findByText('输入限200字以内')).toBeTruthy();
    expect(subscriptions()).toHaveLength(0);

    typeAndSend(drawer, '问'.repeat(195) + '😀'.repeat(5));
    await waitFor(() => expect(subscriptions()).toHaveLength(1));
    expect((input(drawer) as HTMLTextAreaElement).value).toBe('');
  });

  it('Enter sends, but not the Enter that confirms an IME composition', async () => {
    const { subscriptions } = renderDrawer();
    const drawer = await openDrawer();
    fireEvent.change(input(drawer), { target: { value: 'shijian' } });
    fireEvent.keyDown(input(drawer), { key: 'Enter', keyCode: 229, isComposing: true });
    expect(subscriptions()).toHaveLength(0);
    fireEvent.change(input(drawer), { target: { value: '什么是实践' } });
    fireEvent.keyDown(input(drawer), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(subscriptions()).toHaveLength(1));
  });

  it('a visitor asking gets the login page in a new tab instead', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { subscriptions } = renderDrawer({ userType: -1 });
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    expect(open).toHaveBeenCalledWith(
      `${LOGIN_URL}?redirect=${encodeURIComponent(window.location.href)}`,
      '_blank',
      'noopener',
    );
    fireEvent.click(await within(drawer).findByRole('button', { name: '矛盾的普遍性是什么？' }, LONG));
    expect(open).toHaveBeenCalledTimes(2);
    expect(subscriptions()).toHaveLength(0);
  });

  it('userType 0 is a visitor too', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { subscriptions } = renderDrawer({ userType: 0 });
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    expect(open).toHaveBeenCalledTimes(1);
    expect(subscriptions()).toHaveLength(0);
  });

  it('while an answer streams: the input says 正在为你解读，请稍等..., a suggestion or the page says 正在解答中请稍等...', async () => {
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    rendered.answer('实践是');

    typeAndSend(drawer, '再问一个');
    expect(await screen.findByText('正在为你解读，请稍等...')).toBeTruthy();
    // the question typed stays for later
    expect((input(drawer) as HTMLTextAreaElement).value).toBe('再问一个');

    fireEvent.click(within(drawer).getByRole('button', { name: '矛盾的普遍性是什么？' }));
    expect(await screen.findByText('正在解答中请稍等...')).toBeTruthy();

    act(() => controls!.ask('从页面问的问题'));
    await waitFor(() => expect(screen.getAllByText('正在解答中请稍等...').length).toBeGreaterThan(0));
    expect(rendered.subscriptions()).toHaveLength(1);
    expect(within(drawer).getAllByTestId('ai-exchange')).toHaveLength(1);

    rendered.done([]);
    typeAndSend(drawer, '再问一个');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    expect(within(drawer).getAllByTestId('ai-exchange')).toHaveLength(2);
  });
});

describe('asking and the streamed answer', () => {
  it('deep thinking: the toggle is sent, locked while answering; thinking streams apart, then the answer with cited sources', async () => {
    const rendered = renderDrawer({ path: '/Play?courseId=11&catalogId=7&videoId=501' });
    const drawer = await openDrawer();
    const toggle = within(drawer).getByRole('switch', { name: '深度思考' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    typeAndSend(drawer, '  什么是实践？ ');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    const { input: sent } = rendered.stream().request.variables as { input: Record<string, unknown> };
    expect(sent).toMatchObject({ question: '什么是实践？', deepThinking: true, courseId: 11, videoId: 501 });
    expect(String(sent.clientId)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    // locked from the question until the end of the answer
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    const exchange = within(drawer).getByRole('article', { name: '问：什么是实践？' });
    rendered.thinking('分析问题：');
    rendered.thinking('检索“实践”相关的讲座片段。');
    const thinking = within(exchange).getByTestId('ai-thinking');
    expect(within(thinking).getByText('思考中…')).toBeTruthy();
    expect(within(thinking).getByTestId('ai-thinking-text').textContent).toBe('分析问题：检索“实践”相关的讲座片段。');
    expect(within(exchange).queryByTestId('ai-answer')).toBeNull();

    rendered.answer('实践是人类能动地改造世界的活动');
    rendered.answer('[1]。');
    expect(within(exchange).getByTestId('ai-answer').textContent).toBe('实践是人类能动地改造世界的活动[1]。');
    expect(within(thinking).getByText('思考过程')).toBeTruthy();
    // once the answer begins the thinking folds away; it opens and folds again at will
    const fold = within(thinking).getByRole('button', { name: /思考过程/ });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(within(thinking).queryByTestId('ai-thinking-text')).toBeNull();
    fireEvent.click(fold);
    expect(within(thinking).getByTestId('ai-thinking-text').textContent).toBe('分析问题：检索“实践”相关的讲座片段。');
    fireEvent.click(fold);
    expect(within(thinking).queryByTestId('ai-thinking-text')).toBeNull();
    // before the sources arrive a marker is not a link yet
    expect(within(exchange).queryByTestId('ai-citation')).toBeNull();
    expect((toggle as HTMLButtonElement).disabled).toBe(true);

    rendered.done([SOURCE]);
    expect(rendered.subscriptions()).toHaveLength(0);
    const playUrl = '/Play?courseId=11&catalogId=7&videoId=501&vtime=95';
    const citation = within(exchange).getByRole('link', { name: '来源1：第一讲 实践的本质 01:35' });
    expect(citation.getAttribute('href')).toBe(playUrl);
    expect(citation.getAttribute('target')).toBe('_blank');
    const sources = within(exchange).getByRole('region', { name: '参考来源' });
    const source = within(sources).getByRole('link');
    expect(source.getAttribute('href')).toBe(playUrl);
    expect(source.getAttribute('target')).toBe('_blank');
    expect(source.textContent).toContain('第一讲 实践的本质');
    expect(source.textContent).toContain('马克思主义基本原理');
    expect(source.textContent).toContain('01:35');

    // answered: the toggle can be changed again
    expect((toggle as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('a suggested question is asked by a click, with the chat model when deep thinking is off', async () => {
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: '什么是实践？' }, LONG));
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    expect(rendered.stream().request.variables).toMatchObject({
      input: { question: '什么是实践？', deepThinking: false, courseId: 0, videoId: 0 },
    });
    expect(within(drawer).getByText('正在生成回答…')).toBeTruthy();
  });

  it('a question from the page opens the drawer and is asked', async () => {
    const rendered = renderDrawer({ path: '/Play?courseId=11&catalogId=7' });
    await screen.findByText('页面内容');
    act(() => controls!.ask('矛盾的普遍性是什么？'));
    const drawer = await screen.findByRole('dialog', { name: 'AI问答' }, LONG);
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1), LONG);
    expect(rendered.stream().request.variables).toMatchObject({
      input: { question: '矛盾的普遍性是什么？', courseId: 11, videoId: 0 },
    });
    expect(within(drawer).getByRole('article', { name: '问：矛盾的普遍性是什么？' })).toBeTruthy();
  });

  it('an error from the server is shown in its words and ends the busy state', async () => {
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    const operation = rendered.stream();
    act(() =>
      rendered.mock.nextValue(operation, {
        data: null,
        errors: [{ message: '提问太频繁，请稍后再试', extensions: { code: 'REFUSED' } }],
      } as never),
    );
    expect(await within(drawer).findByRole('alert')).toHaveProperty('textContent', '提问太频繁，请稍后再试');
    expect((within(drawer).getByRole('switch', { name: '深度思考' }) as HTMLButtonElement).disabled).toBe(false);
    typeAndSend(drawer, '再问一次');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
  });

  it('a stream cut short keeps the answer so far and says 回答中断，请稍后再试', async () => {
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    rendered.answer('实践是');
    act(() => rendered.mock.reject(rendered.stream(), new Error('network error')));
    const exchange = within(drawer).getByRole('article', { name: '问：什么是实践？' });
    expect(within(exchange).getByTestId('ai-answer').textContent).toBe('实践是');
    expect(within(exchange).getByRole('alert').textContent).toBe('回答中断，请稍后再试');
  });

  it('清空对话 ends the answer on its way (unsubscribes) and empties the conversation; closing the drawer does not', async () => {
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    const firstClientId = (rendered.stream().request.variables as { input: { clientId: string } }).input.clientId;
    rendered.answer('实践是');

    fireEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'AI问答' })).toBeNull());
    expect(rendered.subscriptions()).toHaveLength(1);
    rendered.answer('人类的活动');
    const again = await openDrawer();
    expect(within(again).getByTestId('ai-answer').textContent).toBe('实践是人类的活动');

    fireEvent.click(within(again).getByRole('button', { name: '清空对话' }));
    expect(rendered.subscriptions()).toHaveLength(0);
    expect(within(again).queryAllByTestId('ai-exchange')).toHaveLength(0);
    // a new conversation has a new id
    typeAndSend(again, '新的问题');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    expect((rendered.stream().request.variables as { input: { clientId: string } }).input.clientId).not.toBe(
      firstClientId,
    );
  });

  it('leaving the page unsubscribes; the answer is marked interrupted, so a page shown again is not left busy', async () => {
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    rendered.answer('实践是');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(rendered.subscriptions()).toHaveLength(0);
    // back from the back-forward cache: the answer so far stays, and the next question can be asked
    const exchange = within(drawer).getByRole('article', { name: '问：什么是实践？' });
    expect(within(exchange).getByTestId('ai-answer').textContent).toBe('实践是');
    expect(within(exchange).getByRole('alert').textContent).toBe('回答中断，请稍后再试');
    typeAndSend(drawer, '再问一个');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
  });

  it('unmounting the drawer mid-answer unsubscribes, and nothing is set on it afterwards', async () => {
    const errors = vi.spyOn(console, 'error');
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    rendered.answer('实践是');
    rendered.unmount();
    // unsubscribed: the network has nowhere to deliver a later event (the mock refuses to)
    expect(rendered.subscriptions()).toHaveLength(0);
    expect(errors).not.toHaveBeenCalled();
  });

  it('two questions in one tick (a double Enter) ask once', async () => {
    const rendered = renderDrawer();
    // requestSubscription's way in (on the Environment class, not its interface)
    const execute = vi.spyOn(
      rendered.environment as unknown as { executeSubscription: (...args: unknown[]) => unknown },
      'executeSubscription',
    );
    const drawer = await openDrawer();
    fireEvent.change(input(drawer), { target: { value: '什么是实践？' } });
    act(() => {
      fireEvent.keyDown(input(drawer), { key: 'Enter', keyCode: 13 });
      fireEvent.keyDown(input(drawer), { key: 'Enter', keyCode: 13 });
    });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(rendered.subscriptions()).toHaveLength(1);
    expect(within(drawer).getAllByTestId('ai-exchange')).toHaveLength(1);
    rendered.answer('实践是');
    expect(within(drawer).getByTestId('ai-answer').textContent).toBe('实践是');
  });

  it('a session that ended since the drawer opened: LOGIN_REQUIRED opens the login page, takes the question back and asks who the viewer is', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const rendered = renderDrawer();
    const drawer = await openDrawer();
    typeAndSend(drawer, '什么是实践？');
    await waitFor(() => expect(rendered.subscriptions()).toHaveLength(1));
    rendered.server.userType = -1;
    act(() =>
      rendered.mock.nextValue(rendered.stream(), {
        data: null,
        errors: [{ message: '请先登录', extensions: { code: 'LOGIN_REQUIRED' } }],
      } as never),
    );
    expect(open).toHaveBeenCalledWith(
      `${LOGIN_URL}?redirect=${encodeURIComponent(window.location.href)}`,
      '_blank',
      'noopener',
    );
    // not shown as a failed answer; nothing is busy
    expect(within(drawer).queryAllByTestId('ai-exchange')).toHaveLength(0);
    expect(within(drawer).queryByText('请先登录')).toBeNull();
    expect((within(drawer).getByRole('switch', { name: '深度思考' }) as HTMLButtonElement).disabled).toBe(false);
    // the viewer is asked again: a visitor now, the next question goes to the login page at once
    await waitFor(() => expect(rendered.queries.map((q) => q.name)).toContain('ViewerRefreshQuery'), LONG);
    await waitFor(() => {
      typeAndSend(drawer, '再问一次');
      expect(open).toHaveBeenCalledTimes(2);
    }, LONG);
    expect(rendered.subscriptions()).toHaveLength(0);
  });
});
