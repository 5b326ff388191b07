/**
 * 我的笔记: own notes and collected notes in two sub-tabs, grouped by video; the moment in the
 * video opens the player there in a new tab; 私密 marks private notes; deleting (after a
 * confirmation) and 取消收录 take the note out of the list, and a failure says 操作失败 (§8).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { SHELL_RESOLVERS, centerViewer, mockNote } from './centerMocks';
import { mockConnection } from './mockData';

const LONG = { timeout: 10_000 };

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

interface Options {
  readonly mine?: ReadonlyArray<ReturnType<typeof mockNote>>;
  readonly collected?: ReadonlyArray<ReturnType<typeof mockNote>>;
  readonly refuse?: boolean;
}

function app({ mine = [], collected = [], refuse = false }: Options) {
  const rendered = renderApp('/center?position=1', {
    ...SHELL_RESOLVERS,
    Viewer: () =>
      centerViewer({ myNotes: mockConnection(mine, false), collectedNotes: mockConnection(collected, false) }),
    DeleteNotePayload: (context) => {
      const id = (context as { args?: { input?: { noteId?: string } } }).args?.input?.noteId ?? null;
      return refuse
        ? { deletedNoteId: null, errors: [{ message: '笔记不存在', code: 'UPSTREAM', field: null }] }
        : { deletedNoteId: id, errors: [] };
    },
    UncollectNotePayload: (context) => {
      const id = (context as { args?: { input?: { noteId?: string } } }).args?.input?.noteId ?? null;
      return refuse
        ? { uncollectedNoteId: null, errors: [{ message: '未收录该笔记', code: 'UPSTREAM', field: null }] }
        : { uncollectedNoteId: id, errors: [] };
    },
  });
  stops.push(rendered.stop);
  return rendered;
}

const noteOf = (content: string) => screen.getAllByTestId('note').find((n) => within(n).queryByText(content))!;

describe('我的笔记', () => {
  it('groups notes by video, links the moment mm:ss to the player in a new tab, marks private notes', async () => {
    app({
      mine: [
        mockNote({ content: '第一条', videoId: 1, videoName: '第一讲 绪论', vtime: 75, courseId: 11, catalogueId: 7 }),
        mockNote({ content: '第二条', videoId: 2, videoName: '第二讲 方法', isPublic: false, vtime: 3725 }),
        mockNote({ content: '第三条', videoId: 1, videoName: '第一讲 绪论', vtime: 5 }),
      ],
    });
    const first = await screen.findByRole('region', { name: '第一讲 绪论' }, LONG);
    expect(
      within(first)
        .getAllByTestId('note')
        .map((n) => n.firstChild?.textContent),
    ).toEqual(['第一条', '第三条']);
    expect(
      screen
        .getAllByRole('region')
        .filter((r) => r.getAttribute('aria-label')?.startsWith('第'))
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['第一讲 绪论', '第二讲 方法']);
    const link = within(noteOf('第一条')).getByRole('link', { name: '从 01:15 开始播放' });
    expect(link.getAttribute('href')).toBe('/Play?courseId=11&catalogId=7&videoId=1&vtime=75');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(noteOf('第二条')).getByText('62:05')).toBeTruthy();
    expect(within(noteOf('第二条')).getByText('私密')).toBeTruthy();
    expect(within(noteOf('第一条')).queryByText('私密')).toBeNull();
  });

  it('deletes an own note after the confirmation; it leaves the list', async () => {
    const { named } = app({ mine: [mockNote({ content: '要删的' }), mockNote({ content: '留下的' })] });
    await screen.findByText('要删的', undefined, LONG);
    fireEvent.click(within(noteOf('要删的')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog', undefined, LONG);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('要删的')).toBeNull(), LONG);
    expect(screen.getByText('留下的')).toBeTruthy();
    expect(named('NoteListDeleteMutation')).toHaveLength(1);
  });

  it('a failed delete says 操作失败 and keeps the note', async () => {
    app({ mine: [mockNote({ content: '要删的' })], refuse: true });
    await screen.findByText('要删的', undefined, LONG);
    fireEvent.click(within(noteOf('要删的')).getByRole('button', { name: '删除' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', undefined, LONG)).getByRole('button', { name: '确定' }),
    );
    expect((await screen.findByText('操作失败', undefined, LONG)).getAttribute('data-type')).toBe('error');
    expect(screen.getByText('要删的')).toBeTruthy();
  });
});

describe('收录的笔记', () => {
  async function openCollected() {
    const tab = await screen.findByRole('tab', { name: '收录的笔记' }, LONG);
    await act(async () => {
      fireEvent.click(tab);
    });
  }

  it('shows collected notes with their author; 取消收录 takes one out', async () => {
    const { named } = app({ collected: [mockNote({ content: '别人的笔记', isMine: false, authorName: '李老师' })] });
    await openCollected();
    const note = await screen.findByText('别人的笔记', undefined, LONG);
    expect(within(noteOf('别人的笔记')).getByText('来自 李老师')).toBeTruthy();
    expect(within(noteOf('别人的笔记')).queryByRole('button', { name: '删除' })).toBeNull();
    fireEvent.click(within(noteOf('别人的笔记')).getByRole('button', { name: '取消收录' }));
    await waitFor(() => expect(note.isConnected).toBe(false), LONG);
    expect(await screen.findByText('暂无收录的笔记', undefined, LONG)).toBeTruthy();
    expect(named('NoteListUncollectMutation')).toHaveLength(1);
  });

  it('a failed 取消收录 says 操作失败', async () => {
    app({ collected: [mockNote({ content: '别人的笔记', isMine: false })], refuse: true });
    await openCollected();
    await screen.findByText('别人的笔记', undefined, LONG);
    fireEvent.click(within(noteOf('别人的笔记')).getByRole('button', { name: '取消收录' }));
    expect(await screen.findByText('操作失败', undefined, LONG)).toBeTruthy();
    expect(screen.getByText('别人的笔记')).toBeTruthy();
  });

  it('empty lists say so', async () => {
    app({});
    expect(await screen.findByText('暂无笔记', undefined, LONG)).toBeTruthy();
    await openCollected();
    expect(await screen.findByText('暂无收录的笔记', undefined, LONG)).toBeTruthy();
  });
});
