/** 消息: type label, text, time and video; 删除 takes a message out of the list (@deleteEdge). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { SHELL_RESOLVERS, centerViewer, mockMessage } from './centerMocks';
import { mockConnection } from './mockData';

const LONG = { timeout: 10_000 };

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function app(messages: ReadonlyArray<ReturnType<typeof mockMessage>>, refuse = false) {
  const rendered = renderApp('/center?position=3', {
    ...SHELL_RESOLVERS,
    Viewer: () => centerViewer({ messages: mockConnection(messages, false) }),
    DeleteMessagePayload: (context) => {
      const id = (context as { args?: { input?: { messageId?: string } } }).args?.input?.messageId ?? null;
      return refuse
        ? { deletedMessageId: null, errors: [{ message: '消息不存在', code: 'UPSTREAM', field: null }] }
        : { deletedMessageId: id, errors: [] };
    },
  });
  stops.push(rendered.stop);
  return rendered;
}

const rowOf = (text: string) => screen.getAllByTestId('message').find((row) => within(row).queryByText(text))!;

describe('消息', () => {
  it('shows the type label from typeName, the message, its time and the video', async () => {
    app([
      mockMessage({ type: 2, typeName: '笔记引用', message: '李老师收录了你的笔记', videoName: '第一讲 绪论' }),
      mockMessage({ type: 3, typeName: '安全提醒', message: '你的密码已修改' }),
    ]);
    await screen.findByText('李老师收录了你的笔记', undefined, LONG);
    const row = rowOf('李老师收录了你的笔记');
    expect(within(row).getByText('笔记引用')).toBeTruthy();
    expect(within(row).getByText('第一讲 绪论')).toBeTruthy();
    expect(within(row).getByText(/^2026-11-2\d \d\d:\d\d$/)).toBeTruthy();
    expect(within(rowOf('你的密码已修改')).getByText('安全提醒')).toBeTruthy();
  });

  it('删除 takes the message out of the list', async () => {
    const { named } = app([mockMessage({ message: '要删的消息' }), mockMessage({ message: '留下的消息' })]);
    await screen.findByText('要删的消息', undefined, LONG);
    fireEvent.click(within(rowOf('要删的消息')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByText('要删的消息')).toBeNull(), LONG);
    expect(screen.getByText('留下的消息')).toBeTruthy();
    expect(named('CenterMessagesDeleteMutation')).toHaveLength(1);
  });

  it('a refusal shows the server’s message and keeps it', async () => {
    app([mockMessage({ message: '要删的消息' })], true);
    await screen.findByText('要删的消息', undefined, LONG);
    fireEvent.click(within(rowOf('要删的消息')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('消息不存在', undefined, LONG)).toBeTruthy();
    expect(screen.getByText('要删的消息')).toBeTruthy();
  });

  it('no messages: 暂无消息', async () => {
    app([]);
    expect(await screen.findByText('暂无消息', undefined, LONG)).toBeTruthy();
  });
});
