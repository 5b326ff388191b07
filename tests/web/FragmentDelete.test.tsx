/**
 * 截取片段: deleting asks exactly 删除片段后不可恢复，确定删除吗？, a success shows the server's
 * message and loads the list again (§8), a failure shows the server's message; 下载 is offered
 * only for a clip that may be downloaded, as a download link to its file.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { SHELL_RESOLVERS, centerViewer, mockFragment } from './centerMocks';
import { mockConnection } from './mockData';

const LONG = { timeout: 10_000 };
const CONFIRM = '删除片段后不可恢复，确定删除吗？';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

interface Context {
  readonly args?: { readonly input?: { readonly fragmentId?: string } };
}

/** A gateway with a list of fragments that a delete really changes (or refuses with `refuse`). */
function app(initial: ReadonlyArray<ReturnType<typeof mockFragment>>, refuse: string | null = null) {
  let fragments = [...initial];
  const deleted: string[] = [];
  const rendered = renderApp('/center?position=6', {
    ...SHELL_RESOLVERS,
    Viewer: () => centerViewer({ fragments: mockConnection(fragments, false) }),
    DeleteFragmentPayload: (context) => {
      const id = (context as Context).args?.input?.fragmentId ?? '';
      if (refuse)
        return { deletedFragmentId: null, message: null, errors: [{ message: refuse, code: 'UPSTREAM', field: null }] };
      deleted.push(id);
      fragments = fragments.filter((f) => f.id !== id);
      return { deletedFragmentId: id, message: '片段已删除', errors: [] };
    },
  });
  stops.push(rendered.stop);
  return { ...rendered, deleted };
}

const rows = () => screen.queryAllByTestId('fragment');
const rowOf = (name: string) => rows().find((row) => within(row).queryByText(name))!;

describe('deleting a fragment', () => {
  it('asks 删除片段后不可恢复，确定删除吗？ word for word; 取消 deletes nothing', async () => {
    const first = mockFragment({ name: '片段甲' });
    const { named } = app([first]);
    await screen.findByText('片段甲', undefined, LONG);
    fireEvent.click(within(rowOf('片段甲')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog', undefined, LONG);
    expect(within(dialog).getByText(CONFIRM).textContent).toBe(CONFIRM);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), LONG);
    expect(named('CenterFragmentsDeleteMutation')).toHaveLength(0);
    expect(rows()).toHaveLength(1);
  });

  it('确定 deletes it: the server message as a toast, then the list is loaded again', async () => {
    const first = mockFragment({ name: '片段甲' });
    const second = mockFragment({ name: '片段乙' });
    const { named, deleted } = app([first, second]);
    await screen.findByText('片段乙', undefined, LONG);
    fireEvent.click(within(rowOf('片段甲')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog', undefined, LONG);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('片段已删除', undefined, LONG)).toBeTruthy();
    expect(deleted).toEqual([first.id]);
    expect(named('CenterFragmentsDeleteMutation')[0]!.variables).toMatchObject({ input: { fragmentId: first.id } });
    await waitFor(() => expect(named('CenterFragmentsPaginationQuery')).toHaveLength(1), LONG);
    await waitFor(() => expect(rows().map((row) => within(row).queryByText('片段乙') !== null)).toEqual([true]), LONG);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a refusal shows the server message and keeps the clip', async () => {
    app([mockFragment({ name: '片段甲' })], '片段不存在');
    await screen.findByText('片段甲', undefined, LONG);
    fireEvent.click(within(rowOf('片段甲')).getByRole('button', { name: '删除' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', undefined, LONG)).getByRole('button', { name: '确定' }),
    );
    const toast = await screen.findByText('片段不存在', undefined, LONG);
    expect(toast.getAttribute('data-type')).toBe('error');
    expect(rows()).toHaveLength(1);
  });

  it('deleting the last clip leaves 暂无截取片段', async () => {
    app([mockFragment({ name: '片段甲' })]);
    await screen.findByText('片段甲', undefined, LONG);
    fireEvent.click(within(rowOf('片段甲')).getByRole('button', { name: '删除' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', undefined, LONG)).getByRole('button', { name: '确定' }),
    );
    expect(await screen.findByText('暂无截取片段', undefined, LONG)).toBeTruthy();
  });
});

describe('downloading a fragment', () => {
  it('offers 下载 only for a downloadable clip, as a link with `download` to its file', async () => {
    app([
      mockFragment({ name: '可下载', downloadable: true, videoAddress: '/media/fragments/abc.mp4' }),
      mockFragment({ name: '不可下载', downloadable: false, videoAddress: '/media/fragments/def.mp4' }),
      mockFragment({ name: '剪辑中', downloadable: true, videoAddress: '' }),
    ]);
    await screen.findByText('可下载', undefined, LONG);
    const link = within(rowOf('可下载')).getByRole('link', { name: '下载' });
    expect(link.getAttribute('href')).toBe('/media/fragments/abc.mp4');
    expect(link.getAttribute('download')).toBe('可下载.mp4');
    expect(within(rowOf('不可下载')).queryByRole('link', { name: '下载' })).toBeNull();
    expect(within(rowOf('剪辑中')).queryByRole('link', { name: '下载' })).toBeNull();
    expect(screen.getAllByRole('link', { name: '下载' })).toHaveLength(1);
  });

  it('shows name, video, duration mm:ss, created and expiry times', async () => {
    app([
      mockFragment({
        name: '片段甲',
        videoName: '第二讲',
        duration: 125,
        createTime: '2026-11-20T08:00:00.000Z',
        expireTime: '2026-12-20T08:00:00.000Z',
      }),
    ]);
    await screen.findByText('片段甲', undefined, LONG);
    const row = rowOf('片段甲');
    expect(within(row).getByText('第二讲')).toBeTruthy();
    expect(within(row).getByText('02:05')).toBeTruthy();
    expect(within(row).getByText(/^创建于 2026-11-2\d \d\d:\d\d$/)).toBeTruthy();
    expect(within(row).getByText(/^有效期至 2026-12-2\d \d\d:\d\d$/)).toBeTruthy();
  });
});
