/**
 * The visit log of every route change (product-spec §7 AddVisitLog). The client says where it is;
 * the gateway says who it is (the viewer, or the guest id of the tokenUser cookie) and for which
 * organisation, so a client cannot write visits in somebody else's name.
 */
import type { Field, MutationResolvers, RecordVisitInput } from '../../graphql/resolverTypes';
import type { UserErrorResult } from '../../userErrors';

const MAX_PAGE_URL = 2048;
const MAX_TEXT = 255;
const GUEST_NAME = '游客';

/** Whitespace and control characters (C0, DEL, C1): a real location is percent-encoded. */
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f]/;

/** A site-relative path with an optional query: "/home?scId=3", never "//host" or "https://...". */
function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  if (UNSAFE_CHARACTERS.test(value)) return false;
  try {
    return new URL(value, 'http://site.invalid').origin === 'http://site.invalid';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL without credentials: the referrer of a visit that came from another site. */
function isAbsoluteHttpUrl(value: string): boolean {
  if (UNSAFE_CHARACTERS.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * The page the visitor came from: a site path (the previous route, or a same-origin referrer) or the
 * full URL of another site (document.referrer, e.g. a search engine). Anything else (too long,
 * control characters, another scheme) is not worth refusing the visit for: it is logged as empty.
 */
export function normalisePreviousPageUrl(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '' || value.length > MAX_PAGE_URL) return '';
  return isSitePath(value) || isAbsoluteHttpUrl(value) ? value : '';
}

export function validateVisit(input: RecordVisitInput): UserErrorResult[] {
  const errors: UserErrorResult[] = [];
  if (input.pageUrl.length === 0 || input.pageUrl.length > MAX_PAGE_URL || !isSitePath(input.pageUrl)) {
    errors.push({
      field: 'pageUrl',
      code: 'INVALID_PAGE_URL',
      message: `页面地址必须是以 / 开头的站内路径，且不超过 ${MAX_PAGE_URL} 个字符`,
    });
  }
  // previousPageUrl is never an error: a malformed one is dropped (normalisePreviousPageUrl)
  if (input.moduleName.trim() === '' || input.moduleName.length > MAX_TEXT) {
    errors.push({
      field: 'moduleName',
      code: 'INVALID_MODULE_NAME',
      message: `模块名称不能为空，且不超过 ${MAX_TEXT} 个字符`,
    });
  }
  if ((input.actId ?? '').length > MAX_TEXT) {
    errors.push({ field: 'actId', code: 'INVALID_ACT_ID', message: `活动编号不能超过 ${MAX_TEXT} 个字符` });
  }
  return errors;
}

export const recordVisit: Field<MutationResolvers, 'recordVisit'> = async (
  _parent,
  { input },
  { api, session, guestId, config },
) => {
  const errors = validateVisit(input);
  if (errors.length > 0) return { logId: null, errors };
  const viewer = await session.viewer();

  const result = await api.common.addVisitLog({
    actId: input.actId ?? '',
    customerCode: viewer.comCode ?? config.comCode,
    customerId: String(viewer.comId ?? config.comId),
    customerName: viewer.comName ?? '',
    moduleName: input.moduleName.trim(),
    pageUrl: input.pageUrl,
    previousPageUrl: normalisePreviousPageUrl(input.previousPageUrl),
    productIds: String(config.productId),
    sourceType: 'PC',
    userId: viewer.userId !== null ? String(viewer.userId) : guestId,
    userName: viewer.name ?? GUEST_NAME,
  });
  if (result.ok)
    return { logId: result.items === null || result.items === undefined ? null : String(result.items), errors: [] };
  return {
    logId: null,
    errors: [
      {
        field: null,
        code: result.code === -1 ? 'REFUSED' : 'BAD_USER_INPUT',
        message: result.message || '访问记录失败',
      },
    ],
  };
};
