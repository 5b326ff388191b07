/**
 * The login service's rules for UpdateUserExtraInfo (upstream/API.md), checked before calling it so
 * that every broken field is named at once (the service stops at the first) and nothing is sent that
 * it would refuse. Same wording, same measures: surrounding spaces trimmed, lengths in Unicode code
 * points, no control characters and no bidi overrides (line breaks and tabs are whitespace: the
 * service keeps them in `info` and makes them a space elsewhere). The service stays the authority.
 */
import type { Gender, UpdateProfileInput } from '../../graphql/resolverTypes';
import { invalid, type UserErrorResult } from '../../userErrors';
import type { ProfileFields } from '../../upstream/loginApi';

export const PROFILE_INFO_MAX = 400;

const GENDER_CODES: Record<Gender, number> = { MALE: 1, FEMALE: 0, UNKNOWN: 2 };

/** control characters other than line breaks and tabs (\t \n \v \f \r, NEL), and bidi embeddings, overrides and isolates */
const ILLEGAL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069]/;
const STUDENT_ID = /^[A-Za-z0-9-]{0,32}$/;
const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const codePoints = (value: string) => [...value].length;

/** a real date from this day to today (UTC+8) */
const EARLIEST_BIRTHDAY = '1900-01-01';

/** Today in UTC+8, the platform's calendar, as YYYY-MM-DD. */
function platformToday(now: Date): string {
  const shifted = new Date(now.getTime() + 8 * 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 10);
}

function isValidBirthday(value: string, now: Date): boolean {
  if (value === '') return true;
  const match = BIRTHDAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return value >= EARLIEST_BIRTHDAY && value <= platformToday(now);
}

const LENGTHS: { field: keyof UpdateProfileInput; max: number; message: string }[] = [
  { field: 'realName', max: 32, message: '姓名不能超过32个字' },
  { field: 'address', max: 100, message: '地址不能超过100个字' },
  { field: 'school', max: 64, message: '学校不能超过64个字' },
  { field: 'major', max: 64, message: '专业不能超过64个字' },
  { field: 'className', max: 64, message: '班级不能超过64个字' },
  { field: 'info', max: PROFILE_INFO_MAX, message: `个人简介不能超过${PROFILE_INFO_MAX}字` },
];

/** The fields as the service takes them, or the errors (one per broken field, `field` = the input's name). */
export function checkProfile(
  input: UpdateProfileInput,
  now: Date = new Date(),
): { fields: ProfileFields } | { errors: UserErrorResult[] } {
  const trimmed = {
    realName: input.realName.trim(),
    address: input.address.trim(),
    birthday: input.birthday.trim(),
    school: input.school.trim(),
    major: input.major.trim(),
    className: input.className.trim(),
    studentId: input.studentId.trim(),
    info: input.info.trim(),
  };
  const errors: UserErrorResult[] = [];
  const broken = new Set<string>();
  for (const [field, value] of Object.entries(trimmed)) {
    if (ILLEGAL.test(value)) {
      errors.push(invalid(field, '内容包含非法字符'));
      broken.add(field);
    }
  }
  for (const rule of LENGTHS) {
    if (!broken.has(rule.field) && codePoints(trimmed[rule.field as keyof typeof trimmed]) > rule.max) {
      errors.push(invalid(rule.field, rule.message));
      broken.add(rule.field);
    }
  }
  if (!broken.has('studentId') && !STUDENT_ID.test(trimmed.studentId)) {
    errors.push(invalid('studentId', '学号只能包含字母、数字和短横线，且不超过32位'));
  }
  if (!broken.has('birthday') && !isValidBirthday(trimmed.birthday, now)) {
    errors.push(invalid('birthday', '出生日期格式应为YYYY-MM-DD，且不能晚于今天'));
  }
  if (errors.length > 0) return { errors };
  return { fields: { ...trimmed, gender: GENDER_CODES[input.gender] } };
}
