/**
 * The personal centre's page sizes (product-spec §9): each list of the viewer's own records is one
 * upstream page of up to this many, and `first` defaults to it.
 */
export const CENTER_PAGE_SIZES = {
  favouriteCourses: 10_000,
  notes: 1_000,
  messages: 1_000,
  fragments: 10_000,
} as const;

/** Upstream ids of the third-party accounts (UnBindOautAccount type, the /bind page's type). */
export const OAUTH_TYPES = { QQ: 1, WECHAT: 2, WEIBO: 3 } as const;
export const OAUTH_LABELS = { QQ: 'QQ', WECHAT: '微信', WEIBO: '微博' } as const;

/**
 * The 账户设置 tab of /center (`position`, as the web app numbers the tabs: CENTER_POSITION.account
 * in web/src/constants.ts): where the login service's account pages lead back to.
 */
export const ACCOUNT_SETTINGS_POSITION = 5;
