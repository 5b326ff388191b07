/**
 * ModifyPassword's rules (upstream/API.md), mirrored for instant feedback in the server's order and
 * words; only 原密码错误 needs the server. Lengths count code points; letters and digits are ASCII,
 * as the login service checks them.
 */
export const PASSWORD_MESSAGES = {
  oldRequired: '请输入原密码',
  newRequired: '请输入新密码',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入的新密码不一致',
  weak: '新密码至少8位，且须同时包含字母和数字',
  tooLong: '新密码不能超过128位',
  sameAsOld: '新密码不能与原密码相同',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordDraft {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = keyof PasswordDraft;

export const PASSWORD_FIELDS: readonly PasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];

export const EMPTY_PASSWORD_DRAFT: PasswordDraft = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Each field's problem (empty when the change may be sent). */
export function passwordProblems(draft: PasswordDraft): Partial<Record<PasswordField, string>> {
  const problems: Partial<Record<PasswordField, string>> = {};
  if (draft.oldPassword === '') problems.oldPassword = PASSWORD_MESSAGES.oldRequired;
  if (draft.newPassword === '') problems.newPassword = PASSWORD_MESSAGES.newRequired;
  if (draft.confirmPassword === '') problems.confirmPassword = PASSWORD_MESSAGES.confirmRequired;
  if (problems.newPassword || problems.confirmPassword) return problems;

  if (draft.newPassword !== draft.confirmPassword) {
    problems.confirmPassword = PASSWORD_MESSAGES.mismatch;
    return problems;
  }
  const length = [...draft.newPassword].length;
  if (length < PASSWORD_MIN_LENGTH || !/[A-Za-z]/.test(draft.newPassword) || !/[0-9]/.test(draft.newPassword)) {
    problems.newPassword = PASSWORD_MESSAGES.weak;
  } else if (length > PASSWORD_MAX_LENGTH) {
    problems.newPassword = PASSWORD_MESSAGES.tooLong;
  } else if (draft.oldPassword !== '' && draft.newPassword === draft.oldPassword) {
    problems.newPassword = PASSWORD_MESSAGES.sameAsOld;
  }
  return problems;
}

export function isPasswordField(name: string | null | undefined): name is PasswordField {
  return !!name && (PASSWORD_FIELDS as readonly string[]).includes(name);
}
