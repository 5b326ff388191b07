/**
 * What a viewer does around the player on /Play, in the whole app over a mock gateway
 * (tests/web/playMocks.ts): notes (validation, a new note in both tabs at once, failure), 收录 /
 * 已收录 on other people's notes, deleting one's own only, 点赞 / 收藏 with their counts and the
 * permission notice for other user types, the clip dialog's rules and success, copying the link.
 *
 * The player module is replaced by a stand-in (vi.mock below): jsdom cannot play media, and the
 * real player (vidstack, HLS) is covered by its own tests and the Chromium e2e. The stand-in keeps
 * the contract of components/Player/types.ts: currentTime() answers fakePlayer.time, and pause()
 * and seek() are recorded.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declaredStyle } from './declaredStyle';
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

async function app(gateway = new PlayGateway()) {
  const rendered = renderPlay('/Play?courseId=11&catalogId=7', gateway);
  stops.push(rendered.stop);
  await screen.findByTestId('fake-player', undefined, LONG);
  return { ...rendered, gateway };
}

const toasts = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent ?? '')
    .join(' ');
const notesRegion = () => screen.getByRole('region', { name: '笔记' });
const noteTexts = () =>
  within(notesRegion())
    .getAllByTestId('video-note')
    .map((n) => n.textContent ?? '');
const openTab = (name: string) => fireEvent.click(within(notesRegion()).getByRole('tab', { name }));

describe('notes', () => {
  it("the note box fills its card's width (not a textarea's default 20 columns)", async () => {
    await app();
    expect(declaredStyle(within(notesRegion()).getByRole('textbox', { name: '笔记内容' }), 'width')).toBe('100%');
  });

  it('empty text says 请输入笔记内容 and sends nothing; the counter counts up to 500', async () => {
    const { named } = await app();
    const box = within(notesRegion()).getByRole('textbox', { name: '笔记内容' });
    // no maxlength: it would count UTF-16 units, the server counts characters (code points)
    expect(box.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(within(notesRegion()).getByText('3/500')).toBeTruthy();
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(toasts()).toContain('请输入笔记内容'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(named('NoteInputAddMutation')).toHaveLength(0);
  });

  it('counts characters as the server does: 500 emoji are 500 (1 000 UTF-16 units) and are sent; 501 are refused', async () => {
    const { named } = await app();
    const box = within(notesRegion()).getByRole('textbox', { name: '笔记内容' });
    fireEvent.change(box, { target: { value: '📝'.repeat(501) } });
    expect(within(notesRegion()).getByText('501/500')).toBeTruthy();
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(toasts()).toContain('笔记内容不能超过500字'));
    expect(named('NoteInputAddMutation')).toHaveLength(0);
    fireEvent.change(box, { target: { value: '📝'.repeat(500) } });
    expect(within(notesRegion()).getByText('500/500')).toBeTruthy();
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(named('NoteInputAddMutation')).toHaveLength(1), LONG);
    expect(named('NoteInputAddMutation')[0]!.variables.input).toMatchObject({ content: '📝'.repeat(500) });
  });

  it('a note is saved at the player’s second and appears at once in 全部笔记 and 我的笔记', async () => {
    const { named } = await app();
    fakePlayer.time = 83.7;
    // the second shown follows the player
    await waitFor(() => expect(within(notesRegion()).getByText('记录于 01:23')).toBeTruthy(), LONG);
    expect(noteTexts()).toHaveLength(2);
    fireEvent.change(within(notesRegion()).getByRole('textbox', { name: '笔记内容' }), {
      target: { value: '  近代史的主线  ' },
    });
    fireEvent.click(within(notesRegion()).getByRole('radio', { name: '私密' }));
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(noteTexts()[0]).toContain('近代史的主线'), LONG);
    expect(named('NoteInputAddMutation')[0]!.variables.input).toEqual({
      videoId: 501,
      courseId: 11,
      catalogueId: 7,
      content: '近代史的主线',
      visibility: 'PRIVATE',
      vtime: 83,
    });
    expect(noteTexts()).toHaveLength(3);
    expect(noteTexts()[0]).toContain('私密');
    expect(noteTexts()[0]).toContain('01:23');
    expect((within(notesRegion()).getByRole('textbox', { name: '笔记内容' }) as HTMLTextAreaElement).value).toBe('');
    expect(toasts()).toContain('笔记记录成功');

    openTab('我的笔记');
    expect(within(notesRegion()).getByRole('tab', { name: '我的笔记' }).getAttribute('aria-selected')).toBe('true');
    expect(noteTexts()).toHaveLength(2);
    expect(noteTexts()[0]).toContain('近代史的主线');
    expect(noteTexts()[1]).toContain('我的第一条笔记');
  });

  it('a refused note says 笔记记录失败 with the reason, and a failed request 笔记记录失败', async () => {
    const { gateway } = await app();
    gateway.fail.addNote = { message: '笔记内容不能超过500字' };
    fireEvent.change(within(notesRegion()).getByRole('textbox', { name: '笔记内容' }), {
      target: { value: '一条笔记' },
    });
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(toasts()).toContain('笔记记录失败：笔记内容不能超过500字'), LONG);
    gateway.fail.addNote = 'network';
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(screen.getByText('笔记记录失败')).toBeTruthy(), LONG);
    expect(noteTexts()).toHaveLength(2);
  });

  it('a note’s second seeks the player there', async () => {
    await app();
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '跳转到 02:05' }));
    expect(fakePlayer.seeks).toEqual([125]);
  });

  it('someone else’s note: 收录 → 已收录 → 收录; a failure says 操作失败', async () => {
    const { named, gateway } = await app();
    const others = within(notesRegion()).getByRole('article', { name: '李同学的笔记' });
    fireEvent.click(within(others).getByRole('button', { name: '收录' }));
    await waitFor(
      () => expect(within(others).getByRole('button', { name: '已收录' }).getAttribute('aria-pressed')).toBe('true'),
      LONG,
    );
    expect(named('VideoNoteItemCollectMutation')).toHaveLength(1);
    fireEvent.click(within(others).getByRole('button', { name: '已收录' }));
    await waitFor(() => expect(within(others).getByRole('button', { name: '收录' })).toBeTruthy(), LONG);
    expect(named('VideoNoteItemUncollectMutation')).toHaveLength(1);

    gateway.fail.collectNote = 'network';
    fireEvent.click(within(others).getByRole('button', { name: '收录' }));
    await waitFor(() => expect(toasts()).toContain('操作失败'), LONG);
    expect(within(others).getByRole('button', { name: '收录' })).toBeTruthy();
  });

  it('only one’s own notes have 删除 (no 收录); deleting asks first and the note leaves both tabs', async () => {
    const { named } = await app();
    const mine = within(notesRegion()).getByRole('article', { name: '张同学的笔记' });
    const others = within(notesRegion()).getByRole('article', { name: '李同学的笔记' });
    expect(within(others).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(mine).queryByRole('button', { name: '收录' })).toBeNull();

    fireEvent.click(within(mine).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog', undefined, LONG);
    expect(within(dialog).getByText('删除后不可恢复，确定删除这条笔记吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), LONG);
    expect(named('VideoNotesDeleteMutation')).toHaveLength(0);

    fireEvent.click(within(mine).getByRole('button', { name: '删除' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', undefined, LONG)).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(noteTexts()).toHaveLength(1), LONG);
    expect(noteTexts()[0]).toContain('李同学的公开笔记');
    openTab('我的笔记');
    expect(within(notesRegion()).queryAllByTestId('video-note')).toHaveLength(0);
  });
});

describe('点赞 and 收藏', () => {
  it('toggle on and off with their counts', async () => {
    const { named } = await app();
    const like = screen.getByRole('button', { name: /^点赞/ });
    expect(like.textContent).toBe('点赞1.2千');
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(
      () => expect(screen.getByRole('button', { name: /^已点赞/ }).getAttribute('aria-pressed')).toBe('true'),
      LONG,
    );
    expect(named('VideoOperationButtonsSetMutation')[0]!.variables.input).toEqual({
      videoId: 501,
      courseId: 11,
      catalogueId: 7,
      kind: 'LIKE',
      on: true,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /^已点赞/ }).textContent).toBe('已点赞1.2千'));
    // the button flips at once but stays disabled until the server answers: a click before that is ignored
    await waitFor(
      () => expect((screen.getByRole('button', { name: /^已点赞/ }) as HTMLButtonElement).disabled).toBe(false),
      LONG,
    );
    fireEvent.click(screen.getByRole('button', { name: /^已点赞/ }));
    await waitFor(
      () => expect(screen.getByRole('button', { name: /^点赞/ }).getAttribute('aria-pressed')).toBe('false'),
      LONG,
    );

    const favourite = screen.getByRole('button', { name: /^收藏/ });
    expect(favourite.textContent).toBe('收藏8');
    fireEvent.click(favourite);
    await waitFor(() => expect(screen.getByRole('button', { name: /^已收藏/ }).textContent).toBe('已收藏9'), LONG);
    await waitFor(
      () => expect((screen.getByRole('button', { name: /^已收藏/ }) as HTMLButtonElement).disabled).toBe(false),
      LONG,
    );
    fireEvent.click(screen.getByRole('button', { name: /^已收藏/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^收藏/ }).textContent).toBe('收藏8'), LONG);
    expect(
      named('VideoOperationButtonsSetMutation').map((o) => o.variables.input as { kind: string; on: boolean }),
    ).toEqual([
      expect.objectContaining({ kind: 'LIKE', on: true }),
      expect.objectContaining({ kind: 'LIKE', on: false }),
      expect.objectContaining({ kind: 'FAVOURITE', on: true }),
      expect.objectContaining({ kind: 'FAVOURITE', on: false }),
    ]);
  });

  it('收藏 clicked while the 点赞 answer is still on its way is not lost', async () => {
    const { named } = await app();
    fireEvent.click(screen.getByRole('button', { name: /^点赞/ }));
    fireEvent.click(screen.getByRole('button', { name: /^收藏/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^已收藏/ }).textContent).toBe('已收藏9'), LONG);
    await waitFor(
      () => expect(screen.getByRole('button', { name: /^已点赞/ }).getAttribute('aria-pressed')).toBe('true'),
      LONG,
    );
    expect(named('VideoOperationButtonsSetMutation').map((o) => (o.variables.input as { kind: string }).kind)).toEqual([
      'LIKE',
      'FAVOURITE',
    ]);
  });

  it('a refusal shows the server’s message, a failed request 操作失败，请稍后再试~, and the button comes back', async () => {
    const { gateway } = await app();
    gateway.fail.setVideoOperation = { message: '当前账号无权进行此操作' };
    fireEvent.click(screen.getByRole('button', { name: /^收藏/ }));
    await waitFor(() => expect(toasts()).toContain('当前账号无权进行此操作'), LONG);
    expect(screen.getByRole('button', { name: /^收藏/ }).textContent).toBe('收藏8');
    gateway.fail.setVideoOperation = 'network';
    fireEvent.click(screen.getByRole('button', { name: /^收藏/ }));
    await waitFor(() => expect(toasts()).toContain('操作失败，请稍后再试~'), LONG);
    await waitFor(() => expect(screen.getByRole('button', { name: /^收藏/ }).textContent).toBe('收藏8'));
  });

  it('refused by the rate limit, says 请求过于频繁，请稍后再试 (the gateway’s words), not a generic failure', async () => {
    const { gateway } = await app();
    gateway.fail.setVideoOperation = 'rate-limited';
    fireEvent.click(screen.getByRole('button', { name: /^点赞/ }));
    await waitFor(() => expect(toasts()).toContain('请求过于频繁，请稍后再试'), LONG);
    expect(toasts()).not.toContain('操作失败');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^点赞/ }).getAttribute('aria-pressed')).toBe('false'),
    );
  });

  it('a user type other than 1 and 2 is told 当前账号无权进行此操作 and nothing is sent (likes, notes, 收录, clips)', async () => {
    const gateway = new PlayGateway();
    gateway.viewer = { ...gateway.viewer, userType: 3 };
    const { named } = await app(gateway);
    fireEvent.click(screen.getByRole('button', { name: /^点赞/ }));
    await waitFor(() => expect(toasts()).toContain('当前账号无权进行此操作'));
    fireEvent.change(within(notesRegion()).getByRole('textbox', { name: '笔记内容' }), {
      target: { value: '一条笔记' },
    });
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '保存笔记' }));
    fireEvent.click(within(notesRegion()).getByRole('button', { name: '收录' }));
    fireEvent.click(screen.getByRole('button', { name: '截取片段' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog', { name: '截取片段' })).toBeNull();
    for (const name of [
      'VideoOperationButtonsSetMutation',
      'NoteInputAddMutation',
      'VideoNoteItemCollectMutation',
      'ClipDialogClipMutation',
    ]) {
      expect(named(name)).toHaveLength(0);
    }
    expect(screen.getByRole('button', { name: /^点赞/ }).textContent).toBe('点赞1.2千');
  });
});

describe('截取片段', () => {
  async function openClip(time: number, gateway = new PlayGateway()) {
    const rendered = await app(gateway);
    fakePlayer.time = time;
    fireEvent.click(screen.getByRole('button', { name: '截取片段' }));
    const dialog = await screen.findByRole('dialog', { name: '截取片段' }, LONG);
    return { ...rendered, dialog };
  }
  const field = (dialog: HTMLElement, label: RegExp) =>
    within(dialog).getByRole('textbox', { name: label }) as HTMLInputElement;
  const fill = (dialog: HTMLElement, start: string, end: string) => {
    fireEvent.change(field(dialog, /开始时间/), { target: { value: start } });
    fireEvent.change(field(dialog, /结束时间/), { target: { value: end } });
  };
  const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: '确定截取' }));
  /**
   * §8 Clip: a refusal is an error toast, outside the dialog, and nothing of it inside (the open
   * dialog hides the rest of the page from role queries: the toast is found by its text).
   */
  const refusedWith = async (dialog: HTMLElement, message: string) => {
    await waitFor(
      () => expect(screen.getAllByText(message).filter((el) => !dialog.contains(el)).length).toBeGreaterThan(0),
      LONG,
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(message)).toBeNull();
  };

  it('starts at the player’s second, one minute long, named <video>-片段<n>', async () => {
    const gateway = new PlayGateway();
    gateway.fragments = [{ id: 'f-1', videoId: 501, name: '第一讲 绪论-片段1' }];
    const { dialog } = await openClip(125.6, gateway);
    expect(field(dialog, /开始时间/).value).toBe('125');
    expect(field(dialog, /结束时间/).value).toBe('185');
    await waitFor(() => expect(field(dialog, /片段名称/).value).toBe('第一讲 绪论-片段2'), LONG);
  });

  it("checks every rule before sending: each refusal is an error toast in the server's words, its field marked", async () => {
    const { dialog, named } = await openClip(10);
    const cases: Array<[string, string, string, RegExp]> = [
      ['-1', '30', '开始时间无效', /开始时间/],
      ['abc', '30', '开始时间无效', /开始时间/],
      ['600', '600', '开始时间无效', /开始时间/], // the start is at most duration − 1 (599)
      ['100', '100', '结束时间必须大于开始时间', /结束时间/],
      ['100', '90', '结束时间必须大于开始时间', /结束时间/],
      ['100', '281', '片段不能超过3分钟', /结束时间/],
      ['500', '601', '结束时间超出视频时长', /结束时间/],
    ];
    for (const [start, end, message, label] of cases) {
      fill(dialog, start, end);
      submit(dialog);
      await refusedWith(dialog, message);
      expect(field(dialog, label).getAttribute('aria-invalid')).toBe('true');
    }
    fill(dialog, '10', '70');
    fireEvent.change(field(dialog, /片段名称/), { target: { value: '名'.repeat(51) } });
    submit(dialog);
    await refusedWith(dialog, '片段名称不能超过50个字');
    expect(field(dialog, /片段名称/).getAttribute('aria-invalid')).toBe('true');
    expect(named('ClipDialogClipMutation')).toHaveLength(0);
    // the dialog stays open to correct it
    expect(screen.getByRole('dialog', { name: '截取片段' })).toBeTruthy();
  });

  it('a third clip of the video is refused before sending, as an error toast', async () => {
    const gateway = new PlayGateway();
    gateway.fragments = [
      { id: 'f-1', videoId: 501, name: 'a' },
      { id: 'f-2', videoId: 501, name: 'b' },
    ];
    const { dialog, named } = await openClip(10, gateway);
    await waitFor(() => expect(field(dialog, /片段名称/).value).toBe('第一讲 绪论-片段3'), LONG);
    submit(dialog);
    await refusedWith(dialog, '每个视频最多截取2个片段');
    expect(named('ClipDialogClipMutation')).toHaveLength(0);
  });

  it('the longest clip (180 s) to the video’s end is sent; success pauses the player and links to 截取片段 in the centre', async () => {
    const { dialog, named, router } = await openClip(420);
    await waitFor(() => expect(field(dialog, /片段名称/).value).toBe('第一讲 绪论-片段1'), LONG);
    fill(dialog, '420', '600');
    submit(dialog);
    const notice = await screen.findByText('片段截取成功', undefined, LONG);
    // the default name is left to the server, which gives the same one
    expect(named('ClipDialogClipMutation')[0]!.variables.input).toEqual({
      videoId: 501,
      courseId: 11,
      startTime: 420,
      endTime: 600,
      name: null,
    });
    expect(fakePlayer.pauses).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '截取片段' })).toBeNull(), LONG);
    const link = within(notice.closest('[role="status"]') as HTMLElement).getByRole('link', { name: '在个人中心查看' });
    expect(link.getAttribute('href')).toBe('/center?position=6');
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(
      () => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/center?position=6'),
      LONG,
    );
  });

  it('a name of one’s own is sent; the server’s refusal is an error toast as it says it, not in the dialog', async () => {
    const gateway = new PlayGateway();
    gateway.fail.clipVideo = { message: '该视频暂不支持截取' };
    const { dialog, named } = await openClip(10, gateway);
    fireEvent.change(field(dialog, /片段名称/), { target: { value: '  绪论要点  ' } });
    submit(dialog);
    await refusedWith(dialog, '该视频暂不支持截取');
    expect(named('ClipDialogClipMutation')[0]!.variables.input).toMatchObject({
      startTime: 10,
      endTime: 70,
      name: '绪论要点',
    });
    expect(fakePlayer.pauses).toBe(0);
  });
});

describe('分享', () => {
  it('copies the page link: 内容已复制到剪切板！', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    try {
      await app();
      fireEvent.click(screen.getByRole('button', { name: '分享' }));
      fireEvent.click(within(screen.getByRole('dialog', { name: '分享' })).getByRole('button', { name: '复制链接' }));
      await waitFor(() => expect(toasts()).toContain('内容已复制到剪切板！'), LONG);
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/Play?courseId=11&catalogId=7&videoId=501`);
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('falls back to the textarea copy when the clipboard refuses, and says 抱歉，复制失败！ when that fails too', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    try {
      await app();
      fireEvent.click(screen.getByRole('button', { name: '分享' }));
      const copy = within(screen.getByRole('dialog', { name: '分享' })).getByRole('button', { name: '复制链接' });
      fireEvent.click(copy);
      await waitFor(() => expect(toasts()).toContain('内容已复制到剪切板！'), LONG);
      expect(execCommand).toHaveBeenCalledWith('copy');

      execCommand.mockReturnValue(false);
      fireEvent.click(copy);
      await waitFor(() => expect(toasts()).toContain('抱歉，复制失败！'), LONG);
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      delete (document as { execCommand?: unknown }).execCommand;
    }
  });
});
