/**
 * The login service's contract in types: the JSON `items` its /UserCenterApi routes answer, as
 * upstream/API.md "Login service" describes them, with the field names of product-spec §3 (UserName,
 * HeadPicture, …). The routes and services return these; the tests of tests/upstream read answers as
 * these. Types only: nothing here runs. The gateway keeps its own view of the same answers
 * (gateway/src/upstream/types.ts): the parts talk over HTTP only. The main API's contract is
 * main-api/contract.ts.
 */

/** Login and RefreshToken: a token and when it expires (ISO 8601). IPAutoLogin and CompanyLogin answer the token alone. */
export interface SessionToken {
  token: string;
  expiresAt: string;
}

/** GetUserInfo: who a token is (strings '' when empty; UserType 1 personal, 2 organisation member; ComId 0 = none). */
export interface UserInfo {
  UserName: string;
  UserType: number;
  ComId: number;
  UserId: number;
  ComName: string;
  HeadPicture: string;
  PhoneNumber: string;
  Email: string;
  ComCode: string;
}

/**
 * GetUserExtraInfo, and the answer of UpdateUserExtraInfo and UnBindOautAccount: the profile (field
 * names of product-spec §3 "User profile"). UploadHeader answers the new avatar's URL alone.
 */
export interface ProfileJson {
  userId: number;
  UserName: string;
  RealName: string;
  Gender: number;
  Address: string;
  Birthday: string;
  School: string;
  Major: string;
  ClassName: string;
  StudentID: string;
  Info: string;
  PhoneNumber: string;
  Email: string;
  HeadPicture: string;
  QQBindState: number;
  WeixinBindState: number;
  WeiboBindState: number;
  CanChangePassword: boolean;
}
