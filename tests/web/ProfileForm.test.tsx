import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockProfile, renderCenterTab, resolveMutation, storedViewer } from './centerTabs';

/** The message a control's aria-describedby points at: what is shown under that field. */
function messageUnder(label: string): string {
  const control = screen.getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('个人资料 form', () => {
  it('shows the profile: UserName read-only, the fields filled, the gender checked', async () => {
    await renderCenterTab('profile');
    expect(screen.getByText('用户名')).toBeTruthy();
    expect(screen.getByText('student')).toBeTruthy();
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).value).toBe('张三');
    expect((screen.getByLabelText('出生日期') as HTMLInputElement).value).toBe('2004-05-06');
    expect((screen.getByLabelText('学号') as HTMLInputElement).value).toBe('2022-001');
    expect((screen.getByLabelText('男') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('保密') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: '更换头像' })).toBeTruthy();
    // Hidden until it has loaded (jsdom loads no images); the fallback shows the initial meanwhile.
    expect(screen.getByAltText('头像').getAttribute('src')).toBe('/media/avatars/7-old.jpg');
  });

  it("the avatar shows the letter the header's avatar shows (the display name's, not the real name's)", async () => {
    // the header's avatar is drawn from the viewer's name (UserName: student → s, as Chakra takes it)
    await renderCenterTab('profile', mockProfile({ userName: 'student', realName: '张三' }));
    const avatar = screen.getByAltText('头像').parentElement!;
    expect(avatar.textContent).toBe('s');
  });

  it('counts the introduction live in code points and refuses more than 400 with 个人简介不能超过400字', async () => {
    const { environment } = await renderCenterTab('profile', mockProfile({ info: '' }));
    expect(screen.getByText('0/400')).toBeTruthy();

    type('个人简介', '思政😀'); // the emoji is one character, as the server counts
    expect(screen.getByText('3/400')).toBeTruthy();

    type('个人简介', '学'.repeat(400));
    expect(screen.getByText('400/400')).toBeTruthy();
    expect(messageUnder('个人简介')).toBe('');

    type('个人简介', '学'.repeat(401));
    expect(screen.getByText('401/400')).toBeTruthy();
    expect(messageUnder('个人简介')).toBe('个人简介不能超过400字');

    const before = environment.mock.getAllOperations().length;
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(environment.mock.getAllOperations().length).toBe(before); // nothing sent
    expect((screen.getByLabelText('个人简介') as HTMLTextAreaElement).value).toHaveLength(401); // nothing cut off
    expect(document.activeElement).toBe(screen.getByLabelText('个人简介'));
  });

  it('mirrors the server’s field rules before sending (学号, 出生日期, 真实姓名)', async () => {
    const { environment } = await renderCenterTab('profile');
    type('学号', '2022 001');
    type('出生日期', '2999-01-01');
    type('真实姓名', '名'.repeat(33));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(messageUnder('学号')).toBe('学号只能包含字母、数字和短横线，且不超过32位');
    expect(messageUnder('出生日期')).toBe('出生日期格式应为YYYY-MM-DD，且不能晚于今天');
    expect(messageUnder('真实姓名')).toBe('姓名不能超过32个字');
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    // A message goes once its field is right again.
    type('学号', '2022-001');
    expect(messageUnder('学号')).toBe('');
  });

  it('sends updateProfile with trimmed values and shows the payload’s field errors under their fields, keeping what was typed', async () => {
    const { environment } = await renderCenterTab('profile');
    type('真实姓名', '  李四 ');
    fireEvent.click(screen.getByLabelText('保密'));
    type('学校', '示范大学\u0007');
    // The control character is caught here already; the server would say the same.
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(messageUnder('学校')).toBe('内容包含非法字符');
    type('学校', '清华大学');
    type('班级', '一班');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('ProfileTabUpdateMutation');
    expect(operation.request.variables).toEqual({
      input: {
        realName: '李四',
        gender: 'UNKNOWN',
        birthday: '2004-05-06',
        address: '北京市海淀区',
        school: '清华大学',
        major: '思想政治教育',
        className: '一班',
        studentId: '2022-001',
        info: '热爱学习',
      },
    });

    await resolveMutation(environment, {
      UpdateProfilePayload: () => ({
        profile: null,
        errors: [{ message: '班级不能超过64个字', code: 'INVALID_INPUT', field: 'className' }],
      }),
    });
    expect(messageUnder('班级')).toBe('班级不能超过64个字');
    expect(screen.getAllByText('班级不能超过64个字').length).toBeGreaterThanOrEqual(2); // under the field and as a toast
    // Nothing typed is lost.
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).value).toBe('  李四 ');
    expect((screen.getByLabelText('学校') as HTMLInputElement).value).toBe('清华大学');
    expect((screen.getByLabelText('保密') as HTMLInputElement).checked).toBe(true);
    // The stored profile is untouched.
    expect(storedViewer(environment).profile?.realName).toBe('张三');
  });

  it('shows a refusal without a field above the form (e.g. an expired login)', async () => {
    const { environment } = await renderCenterTab('profile');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await resolveMutation(environment, {
      UpdateProfilePayload: () => ({
        profile: null,
        errors: [{ message: '登录已失效，请重新登录', code: 'UNAUTHENTICATED', field: null }],
      }),
    });
    expect(screen.getByRole('alert').textContent).toBe('登录已失效，请重新登录');
  });

  it('on success shows 个人资料已保存 and puts the saved profile in the store', async () => {
    const { environment } = await renderCenterTab('profile');
    type('专业', '马克思主义理论');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await resolveMutation(environment, {
      UpdateProfilePayload: () => ({
        errors: [],
        profile: { ...mockProfile({ major: '马克思主义理论' }) },
      }),
    });
    expect(screen.getByText('个人资料已保存')).toBeTruthy();
    const { profile } = storedViewer(environment);
    expect(profile?.major).toBe('马克思主义理论');
    // Fields the mutation did not select stay as they were.
    expect(profile?.userName).toBe('student');
    expect(profile?.headPicture).toBe('/media/avatars/7-old.jpg');
    expect((screen.getByLabelText('专业') as HTMLInputElement).value).toBe('马克思主义理论');
  });

  it('an organisation network identity sees its profile read-only, without 更换头像 or 保存', async () => {
    await renderCenterTab('profile', mockProfile({ canChangePassword: false }));
    // the identity of the network and of the no-login link alike: not said to be the network's sign-in
    expect(screen.getByRole('note').textContent).toContain('机构账号（经所在学校或图书馆的网络或免登录链接进入）');
    expect(screen.getByRole('note').textContent).not.toContain('网络内自动登录');
    expect(screen.queryByRole('button', { name: '更换头像' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).readOnly).toBe(true);
  });
});
