import { TEXT_LIMIT } from '../../constants';

/**
 * The login service's profile rules (upstream/API.md "Profile, avatar, password, third-party
 * accounts"), mirrored for instant feedback with the same Chinese sentences; the server stays the
 * judge. Lengths count Unicode code points of the trimmed value.
 */
export const PROFILE_MESSAGES = {
  realName: '姓名不能超过32个字',
  address: '地址不能超过100个字',
  school: '学校不能超过64个字',
  major: '专业不能超过64个字',
  className: '班级不能超过64个字',
  studentId: '学号只能包含字母、数字和短横线，且不超过32位',
  info: `个人简介不能超过${TEXT_LIMIT.profileIntro}字`,
  birthday: '出生日期格式应为YYYY-MM-DD，且不能晚于今天',
  illegalCharacters: '内容包含非法字符',
} as const;

export type GenderValue = 'MALE' | 'FEMALE' | 'UNKNOWN';

export const GENDER_OPTIONS: ReadonlyArray<{ value: GenderValue; label: string }> = [
  { value: 'MALE', label: '男' },
  { value: 'FEMALE', label: '女' },
  { value: 'UNKNOWN', label: '保密' },
];

/** The editable fields, named as UpdateProfileInput names them (and as the payload's UserError.field does). */
export interface ProfileDraft {
  realName: string;
  gender: GenderValue;
  birthday: string;
  address: string;
  school: string;
  major: string;
  className: string;
  studentId: string;
  info: string;
}

export type ProfileField = keyof ProfileDraft;

/** Screen order: the first failing field is the one focused. */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'realName',
  'gender',
  'birthday',
  'address',
  'school',
  'major',
  'className',
  'studentId',
  'info',
];

const TEXT_LIMITS: ReadonlyArray<[ProfileField, number]> = [
  ['realName', 32],
  ['address', 100],
  ['school', 64],
  ['major', 64],
  ['className', 64],
];

const STUDENT_ID_RULE = /^[A-Za-z0-9-]{0,32}$/;
const BIRTHDAY_RULE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
/** The earliest birthday the server takes seriously. */
export const BIRTHDAY_MIN = '1900-01-01';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UTC_PLUS_8_MS = 8 * 3600 * 1000;

/** Characters as the server counts them (code points: an emoji is one). */
export const countCharacters = (text: string): number => [...text].length;

/** The introduction as it will be stored: one kind of line break, surrounding spaces trimmed. */
export const normaliseIntro = (text: string): string => text.replace(/\r\n?/g, '\n').trim();

/** The counter under 个人简介. */
export const introLength = (text: string): number => countCharacters(normaliseIntro(text));

/** Today on the platform's clock (UTC+8), 'YYYY-MM-DD': the latest birthday allowed. */
export const chinaToday = (now: number = Date.now()): string => new Date(now + UTC_PLUS_8_MS).toISOString().slice(0, 10);

/** Control characters (C0, DEL, C1) and unpaired surrogates; a newline only where allowed. */
function hasIllegalCharacters(text: string, allowNewline: boolean): boolean {
  if (LONE_SURROGATE.test(text)) return true;
  return /\p{Cc}/u.test(allowNewline ? text.replace(/\n/g, '') : text);
}

function validBirthday(text: string, today: string): boolean {
  const match = BIRTHDAY_RULE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && text >= BIRTHDAY_MIN && text <= today;
}

/** The problem of one field, or null. */
export function profileFieldProblem(field: ProfileField, draft: ProfileDraft, today: string): string | null {
  if (field === 'gender') return null; // three radios: always one of the enum
  if (field === 'info') {
    const info = normaliseIntro(draft.info);
    if (hasIllegalCharacters(info, true)) return PROFILE_MESSAGES.illegalCharacters;
    return countCharacters(info) > TEXT_LIMIT.profileIntro ? PROFILE_MESSAGES.info : null;
  }
  const value = draft[field].trim();
  if (hasIllegalCharacters(value, false)) return PROFILE_MESSAGES.illegalCharacters;
  if (field === 'studentId') return STUDENT_ID_RULE.test(value) ? null : PROFILE_MESSAGES.studentId;
  if (field === 'birthday') return value === '' || validBirthday(value, today) ? null : PROFILE_MESSAGES.birthday;
  const limit = TEXT_LIMITS.find(([name]) => name === field)?.[1];
  return limit !== undefined && countCharacters(value) > limit ? PROFILE_MESSAGES[field as keyof typeof PROFILE_MESSAGES] : null;
}

/** Every field's problem (empty when the draft may be sent). */
export function profileProblems(draft: ProfileDraft, today: string): Partial<Record<ProfileField, string>> {
  const problems: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) {
    const problem = profileFieldProblem(field, draft, today);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** What updateProfile receives: the values as the server will store them. */
export function profileInput(draft: ProfileDraft): ProfileDraft {
  return {
    realName: draft.realName.trim(),
    gender: draft.gender,
    birthday: draft.birthday.trim(),
    address: draft.address.trim(),
    school: draft.school.trim(),
    major: draft.major.trim(),
    className: draft.className.trim(),
    studentId: draft.studentId.trim(),
    info: normaliseIntro(draft.info),
  };
}

export function isProfileField(name: string | null | undefined): name is ProfileField {
  return !!name && (PROFILE_FIELDS as readonly string[]).includes(name);
}
