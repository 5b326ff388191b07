import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockProfile, renderCenterTab, resolveMutation } from './centerTabs';

function messageUnder(label: string): string {
  const control = screen.getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submitPassword() {
  fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
}

describe('账户设置 · 修改密码', () => {
  it('says 两次输入的新密码不一致 under 确认新密码 and sends nothing', async () => {
    const { environment } = await renderCenterTab('account');
    type('原密码', 'Student2026');
    type('新密码', 'Better2027');
    type('确认新密码', 'Better2028');
    submitPassword();
    expect(messageUnder('确认新密码')).toBe('两次输入的新密码不一致');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('mirrors the server’s other checks: empty fields, strength, same as the old one', async () => {
    const { environment } = await renderCenterTab('account');
    submitPassword();
    expect(messageUnder('原密码')).toBe('请输入原密码');
    expect(messageUnder('新密码')).toBe('请输入新密码');
    expect(messageUnder('确认新密码')).toBe('请再次输入新密码');

    type('原密码', 'Student2026');
    type('新密码', 'abcdefgh');
    type('确认新密码', 'abcdefgh');
    submitPassword();
    expect(messageUnder('新密码')).toBe('新密码至少8位，且须同时包含字母和数字');

    type('新密码', 'Student2026');
    type('确认新密码', 'Student2026');
    submitPassword();
    expect(messageUnder('新密码')).toBe('新密码不能与原密码相同');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends changePassword, shows the server’s refusal under its field, then on success toasts and clears the form', async () => {
    const { environment } = await renderCenterTab('account');
    type('原密码', 'Wrong2026');
    type('新密码', 'Better2027');
    type('确认新密码', 'Better2027');
    await act(async () => submitPassword());
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('PasswordFormChangeMutation');
    expect(operation.request.variables).toEqual({
      input: { oldPassword: 'Wrong2026', newPassword: 'Better2027', confirmPassword: 'Better2027' },
    });
    await resolveMutation(environment, {
      ChangePasswordPayload: () => ({
        message: null,
        errors: [{ message: '原密码错误', code: 'WRONG_PASSWORD', field: 'oldPassword' }],
      }),
    });
    expect(messageUnder('原密码')).toBe('原密码错误');
    expect((screen.getByLabelText('新密码') as HTMLInputElement).value).toBe('Better2027');

    type('原密码', 'Student2026');
    await act(async () => submitPassword());
    await resolveMutation(environment, { ChangePasswordPayload: () => ({ message: '密码修改成功', errors: [] }) });
    expect(screen.getByText('密码修改成功')).toBeTruthy();
    for (const label of ['原密码', '新密码', '确认新密码'])
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
  });

  it('is replaced by an explanation for an organisation network account', async () => {
    await renderCenterTab('account', mockProfile({ canChangePassword: false }));
    expect(screen.queryByLabelText('原密码')).toBeNull();
    // the identity of the network and of the no-login link alike: not said to be the network's sign-in
    expect(screen.getByRole('note').textContent).toContain('机构账号（经所在学校或图书馆的网络或免登录链接进入）');
    expect(screen.getByRole('note').textContent).not.toContain('网络内自动登录');
  });

  it('offers 找回密码 on the login service, in a new tab', async () => {
    await renderCenterTab('account');
    const link = screen.getByRole('link', { name: '找回密码' });
    expect(link.getAttribute('href')).toBe('http://login.test/find-password');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('账户设置 · 第三方账号', () => {
  it('lists QQ / 微信 / 微博: bound ones with 已绑定 and 解绑, the others with 绑定 opening bindUrl in a new tab', async () => {
    await renderCenterTab('account');
    const list = within(screen.getByRole('list', { name: '第三方账号' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => item.firstElementChild?.textContent)).toEqual(['QQ', '微信', '微博']);
    expect(within(items[0]!).getByText('已绑定')).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: '解绑QQ' })).toBeTruthy();

    const bind = within(items[1]!).getByRole('link', { name: '绑定微信' });
    expect(bind.textContent).toBe('绑定');
    expect(bind.getAttribute('href')).toBe('http://login.test/bind?type=2');
    expect(bind.getAttribute('target')).toBe('_blank');
    expect(bind.getAttribute('rel')).toContain('noopener');
  });

  it('解绑 asks first, then sends unbindAccount with the provider and shows the list the server returns', async () => {
    const { environment } = await renderCenterTab('account');
    fireEvent.click(screen.getByRole('button', { name: '解绑QQ' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('确定解除与QQ账号的绑定吗？')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '确定解绑' }));
    });
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('AccountSettingsTabUnbindMutation');
    expect(operation.request.variables).toEqual({ input: { provider: 'QQ' } });

    const unbound = mockProfile().bindings.map((b) => ({ ...b, bound: false }));
    await resolveMutation(environment, {
      UnbindAccountPayload: () => ({ errors: [], profile: mockProfile({ bindings: unbound }) }),
    });
    expect(screen.getByText('解绑成功')).toBeTruthy();
    const qq = within(screen.getByRole('list', { name: '第三方账号' })).getAllByRole('listitem')[0]!;
    expect(within(qq).queryByText('已绑定')).toBeNull();
    expect(within(qq).getByRole('link', { name: '绑定QQ' }).getAttribute('href')).toBe('http://login.test/bind?type=1');
  });

  it('取消 leaves the binding alone', async () => {
    const { environment } = await renderCenterTab('account');
    fireEvent.click(screen.getByRole('button', { name: '解绑QQ' }));
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(screen.getByText('已绑定')).toBeTruthy();
  });

  it('shows the server’s refusal and keeps the list', async () => {
    const { environment } = await renderCenterTab('account');
    fireEvent.click(screen.getByRole('button', { name: '解绑QQ' }));
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '确定解绑' }));
    });
    await resolveMutation(environment, {
      UnbindAccountPayload: () => ({
        profile: null,
        errors: [{ message: '该账号未绑定', code: 'REFUSED', field: null }],
      }),
    });
    expect(screen.getByText('该账号未绑定')).toBeTruthy();
    expect(screen.getByText('已绑定')).toBeTruthy();
  });
});

describe('账户设置 · 联系方式', () => {
  it('shows 邮箱 and 手机 read-only with 修改 links to the login service in a new tab', async () => {
    await renderCenterTab('account', mockProfile({ phoneNumber: '' }));
    expect(screen.getByText('student@example.edu.cn')).toBeTruthy();
    expect(screen.getByText('未设置')).toBeTruthy();
    const email = screen.getByRole('link', { name: '修改邮箱' });
    expect(email.getAttribute('href')).toBe('http://login.test/email?redirect=x');
    expect(email.getAttribute('target')).toBe('_blank');
    const phone = screen.getByRole('link', { name: '修改手机' });
    expect(phone.getAttribute('href')).toBe('http://login.test/phone?redirect=x');
    expect(screen.queryByRole('textbox', { name: '邮箱' })).toBeNull();
  });

  it('reads the account again when the user comes back from one of those pages', async () => {
    const { environment } = await renderCenterTab('account');
    // Coming back without having left for one of them fetches nothing.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    const link = screen.getByRole('link', { name: '修改邮箱' });
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom does not open tabs
    fireEvent.click(link);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('AccountSettingsTabRefetchQuery');
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { viewer: { profile: { ...mockProfile({ email: 'new@example.edu.cn' }) } } },
      });
    });
    expect(screen.getByText('new@example.edu.cn')).toBeTruthy();
  });
});
