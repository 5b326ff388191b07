import { TEXT_LIMIT } from '../../constants';
import { checkUserText } from '../../lib/userText';

/**
 * The login service's profile rules (upstream/API.md "Profile, avatar, password, third-party
 * accounts"), mirrored for instant feedback with the same Chinese sentences; the server stays the
 * judge. Every field goes through the text policy of lib/userText (the intro keeps its line
 * breaks; control characters and direction overrides are refused; invisible characters removed;
 * nothing visible is empty); lengths count Unicode code points of the cleaned value.
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
const UTC_PLUS_8_MS = 8 * 3600 * 1000;

/** Characters as the server counts them (code points: an emoji is one). */
export const countCharacters = (text: string): number => [...text].length;

/** A field's value as the server will store it (cleaned by the text policy); trimmed when the policy refuses it. */
function cleaned(text: string, multiline: boolean): string {
  const verdict = checkUserText(text, { multiline, maxLength: Number.MAX_SAFE_INTEGER });
  return verdict.ok ? verdict.text : text.trim();
}

/** The introduction as it will be stored: one kind of line break, invisible characters removed, trimmed. */
export const normaliseIntro = (text: string): string => cleaned(text, true);

/** The counter under 个人简介. */
export const introLength = (text: string): number => countCharacters(normaliseIntro(text));

/** Today on the platform's clock (UTC+8), 'YYYY-MM-DD': the latest birthday allowed. */
export const chinaToday = (now: number = Date.now()): string =>
  new Date(now + UTC_PLUS_8_MS).toISOString().slice(0, 10);

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
  const limit = field === 'info' ? TEXT_LIMIT.profileIntro : TEXT_LIMITS.find(([name]) => name === field)?.[1];
  const verdict = checkUserText(draft[field], {
    multiline: field === 'info',
    maxLength: limit ?? Number.MAX_SAFE_INTEGER,
  });
  if (!verdict.ok) {
    return verdict.problem === 'badCharacters'
      ? PROFILE_MESSAGES.illegalCharacters
      : PROFILE_MESSAGES[field as keyof typeof PROFILE_MESSAGES];
  }
  const value = verdict.text;
  if (field === 'studentId') return STUDENT_ID_RULE.test(value) ? null : PROFILE_MESSAGES.studentId;
  if (field === 'birthday') return value === '' || validBirthday(value, today) ? null : PROFILE_MESSAGES.birthday;
  return null;
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
    realName: cleaned(draft.realName, false),
    gender: draft.gender,
    birthday: cleaned(draft.birthday, false),
    address: cleaned(draft.address, false),
    school: cleaned(draft.school, false),
    major: cleaned(draft.major, false),
    className: cleaned(draft.className, false),
    studentId: cleaned(draft.studentId, false),
    info: normaliseIntro(draft.info),
  };
}

export function isProfileField(name: string | null | undefined): name is ProfileField {
  return !!name && (PROFILE_FIELDS as readonly string[]).includes(name);
}
