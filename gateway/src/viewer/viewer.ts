/**
 * Who a viewer is, as the login service vouches for them (GetUserInfo): what the session resolves,
 * the cache keeps and the resolvers read. No call is made here.
 */
import type { RestUserInfo } from '../upstream/types';

export interface Viewer {
  /** -1 or 0 not logged in; 1 or 2 personal or organisation member (product-spec §6) */
  userType: number;
  isIP: boolean;
  userId: number | null;
  name: string | null;
  comName: string | null;
  comId: number | null;
  comCode: string | null;
  headPicture: string | null;
  phoneNumber: string | null;
  email: string | null;
}

/** A viewer the login service vouched for: userId is known. */
export type SignedInViewer = Viewer & { userId: number };

export const ANONYMOUS_VIEWER: Readonly<Viewer> = Object.freeze({
  userType: -1,
  isIP: true,
  userId: null,
  name: null,
  comName: null,
  comId: null,
  comCode: null,
  headPicture: null,
  phoneNumber: null,
  email: null,
});

export function isLoggedIn(viewer: Viewer): viewer is SignedInViewer {
  return viewer.userType !== -1 && viewer.userType !== 0 && viewer.userId !== null;
}

/**
 * The login service's network identity of an organisation (IPAutoLogin, CompanyLogin): a whole network
 * or no-login link signed in as one account, not a person (its user name is org<comId>).
 */
export function isSharedIdentity(viewer: Viewer): boolean {
  return viewer.userType === 2 && viewer.comId !== null && viewer.name === `org${viewer.comId}`;
}

const orNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** GetUserInfo's items as the viewer; null when they do not name a user (not a usable answer). */
export function viewerFromUserInfo(info: RestUserInfo | null): Viewer | null {
  if (!info || !Number.isInteger(info.UserId) || info.UserId <= 0) return null;
  const userType = Number(info.UserType);
  if (!Number.isInteger(userType) || userType === -1 || userType === 0) return null;
  const comId = Number.isInteger(info.ComId) && info.ComId > 0 ? info.ComId : null;
  return {
    userType,
    // product-spec §4: a successful validation or login sets isIP false
    isIP: false,
    userId: info.UserId,
    name: orNull(info.UserName),
    comName: orNull(info.ComName),
    comId,
    comCode: orNull(info.ComCode),
    headPicture: orNull(info.HeadPicture),
    phoneNumber: orNull(info.PhoneNumber),
    email: orNull(info.Email),
  };
}

/** A value worth asking the login service about: printable ASCII, not absurdly long. */
export function isPlausibleToken(token: string): boolean {
  return /^[\x21-\x7e]{1,512}$/.test(token);
}
