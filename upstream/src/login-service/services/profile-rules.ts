/**
 * What a user may write into their profile and contact details (upstream/API.md "Profile, avatar,
 * password, third-party accounts", product-spec §5): each rule refuses with the Chinese sentence
 * the user sees. Every text field goes through the platform's text policy (text/user-text: NFC,
 * invisible formatting removed, control characters and bidi overrides refused, text with nothing
 * visible is empty); lengths count Unicode code points of the cleaned text.
 */
import { refused } from '../../http/envelope';
import type { ProfileInput, UserRecord } from '../../store';
import { checkUserText } from '../../text/user-text';

export const PROFILE_MESSAGES = {
  realName: '姓名不能超过32个字',
  gender: '性别取值无效',
  address: '地址不能超过100个字',
  school: '学校不能超过64个字',
  major: '专业不能超过64个字',
  className: '班级不能超过64个字',
  studentId: '学号只能包含字母、数字和短横线，且不超过32位',
  info: '个人简介不能超过400字',
  birthday: '出生日期格式应为YYYY-MM-DD，且不能晚于今天',
  illegalCharacters: '内容包含非法字符',
} as const;

export const CONTACT_MESSAGES = {
  email: '请输入正确的邮箱地址（不超过100个字符）',
  phone: '请输入正确的手机号码（11位，1开头）',
} as const;

/** product-spec §5: the profile introduction */
export const INFO_MAX_LENGTH = 400;
export const EMAIL_MAX_LENGTH = 100;
const STUDENT_ID_RULE = /^[A-Za-z0-9-]{0,32}$/;
const BIRTHDAY_RULE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
/** the earliest birthday taken seriously */
const BIRTHDAY_MIN = '1900-01-01';
/** a plain address: local part of the usual characters, a dotted host name */
const EMAIL_RULE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** a mainland China mobile number */
const PHONE_RULE = /^1[3-9][0-9]{9}$/;
const UTC_PLUS_8_MS = 8 * 3600 * 1000;

/** The raw fields of UpdateUserExtraInfo; `birthday` undefined = not sent (the stored one stays). */
export interface ProfileFields {
  realName: string;
  gender: string;
  address: string;
  school: string;
  major: string;
  className: string;
  studentId: string;
  info: string;
  birthday: string | undefined;
}

/** today's date on the platform's clock (UTC+8), 'YYYY-MM-DD' */
export const chinaDate = (at: number): string => new Date(at + UTC_PLUS_8_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD HH:mm' on the platform's clock, for the messages a user reads */
export const chinaTime = (at: number): string =>
  new Date(at + UTC_PLUS_8_MS).toISOString().slice(0, 16).replace('T', ' ');

function validBirthday(text: string, today: string): boolean {
  const match = BIRTHDAY_RULE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && text >= BIRTHDAY_MIN && text <= today;
}

/**
 * Checks the fields in the order of the contract's refusals (the first failing field answers) and
 * returns the profile to store. `today` is 'YYYY-MM-DD' (UTC+8); `current` supplies the birthday
 * when none is sent.
 */
export function checkProfile(fields: ProfileFields, current: UserRecord, today: string): ProfileInput {
  /** the cleaned value; '' when nothing visible was written (every profile field may be empty) */
  const text = (value: string, maxLength: number, message: string, multiline = false): string => {
    const verdict = checkUserText(value, { multiline, maxLength });
    if (!verdict.ok) throw refused(verdict.problem === 'tooLong' ? message : PROFILE_MESSAGES.illegalCharacters);
    return verdict.text;
  };
  /** studentId and birthday have their own shapes: only the character check is the policy's */
  const shaped = (value: string): string => text(value, Number.MAX_SAFE_INTEGER, PROFILE_MESSAGES.illegalCharacters);

  const realName = text(fields.realName, 32, PROFILE_MESSAGES.realName);
  const genderText = fields.gender.trim();
  if (!/^[012]$/.test(genderText)) throw refused(PROFILE_MESSAGES.gender);
  const address = text(fields.address, 100, PROFILE_MESSAGES.address);
  const school = text(fields.school, 64, PROFILE_MESSAGES.school);
  const major = text(fields.major, 64, PROFILE_MESSAGES.major);
  const className = text(fields.className, 64, PROFILE_MESSAGES.className);
  const studentId = shaped(fields.studentId);
  if (!STUDENT_ID_RULE.test(studentId)) throw refused(PROFILE_MESSAGES.studentId);
  const info = text(fields.info, INFO_MAX_LENGTH, PROFILE_MESSAGES.info, true);
  let birthday = current.birthday;
  if (fields.birthday !== undefined) {
    birthday = shaped(fields.birthday);
    if (birthday !== '' && !validBirthday(birthday, today)) throw refused(PROFILE_MESSAGES.birthday);
  }
  return { realName, gender: Number(genderText), address, school, major, className, studentId, info, birthday };
}

/** a contact e-mail as stored, or null when it is not a plain address of at most 100 characters */
export function normaliseEmail(input: string): string | null {
  const email = input.trim();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_RULE.test(email)) return null;
  const at = email.lastIndexOf('@');
  // the domain is case-insensitive; the local part is the owner's business
  return `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`;
}

/** a mainland mobile number as stored (spaces and dashes dropped, +86 accepted), or null */
export function normalisePhone(input: string): string | null {
  const phone = input
    .trim()
    .replace(/[\s-]/g, '')
    .replace(/^(\+86|0086)/, '');
  return PHONE_RULE.test(phone) ? phone : null;
}
