/**
 * Who is using the client. Accounts arrive with issue 3: then the `utoken` cookie is validated
 * through the login service (LOGIN_URL, cached briefly) and its user info fills this object.
 * Until then every viewer is anonymous, which is also what an invalid token falls back to
 * (product-spec §4: any other code clears the token and marks the user anonymous).
 */
export interface Viewer {
  /** -1 or 0 not logged in; 1 or 2 personal or organisation member (product-spec §6) */
  userType: number;
  isIP: boolean;
  userId: string | null;
  name: string | null;
  comName: string | null;
  comId: number | null;
  comCode: string | null;
  headPicture: string | null;
}

export const ANONYMOUS_VIEWER: Readonly<Viewer> = Object.freeze({
  userType: -1,
  isIP: true,
  userId: null,
  name: null,
  comName: null,
  comId: null,
  comCode: null,
  headPicture: null,
});

export function isLoggedIn(viewer: Viewer): boolean {
  return viewer.userType !== -1 && viewer.userType !== 0;
}

/** Resolves the viewer from the request's cookies (the token is read here and nowhere else). */
export async function resolveViewer(_cookies: { utoken?: string }): Promise<Viewer> {
  return { ...ANONYMOUS_VIEWER };
}
