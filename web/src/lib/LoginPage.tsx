import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { loginPageUrl } from '../site';
import { PageOriginContext } from './pageOrigin';

/**
 * The external login page as the gateway answers it (`site { loginUrl }` of the shell query):
 * LOGIN_PUBLIC_URL, or the login service on the host the browser used. It is known at run time
 * only, so the shell provides it to everything that sends visitors to log in.
 */
const LoginUrlContext = createContext<string | null>(null);
/** True while the viewer is a visitor (userType -1/0), for links that need login (a course's /Play). */
const VisitorContext = createContext(false);

export function LoginUrlProvider({
  loginUrl,
  visitor = false,
  children,
}: {
  readonly loginUrl: string;
  readonly visitor?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <LoginUrlContext.Provider value={loginUrl}>
      <VisitorContext.Provider value={visitor}>{children}</VisitorContext.Provider>
    </LoginUrlContext.Provider>
  );
}

/**
 * The address a link to a page that needs login (/Play: playing needs login, §5) should have:
 * for a visitor the login page, coming back to that page once signed in, so a click opens one
 * tab, the login page, from the click itself; for a signed-in viewer the page itself. Outside
 * the shell (no provider) the page itself.
 */
export function useLoginFirstHref(): (path: string) => string {
  const loginUrl = useContext(LoginUrlContext);
  const visitor = useContext(VisitorContext);
  // the server rendering a first screen says which origin the browser asked
  const serverOrigin = useContext(PageOriginContext);
  return useCallback(
    (path: string) => {
      if (!visitor || loginUrl === null) return path;
      const origin = serverOrigin ?? window.location.origin;
      return loginPageUrl(loginUrl, new URL(path, origin).toString(), origin);
    },
    [visitor, loginUrl, serverOrigin],
  );
}

/**
 * Opens the login page in a new tab with `?redirect=` the absolute URL to come back to: the
 * current page unless a destination is given (个人中心 sends its own /center).
 */
export function useOpenLoginPage(): (redirect?: string) => void {
  const loginUrl = useContext(LoginUrlContext);
  if (loginUrl === null) throw new Error('useOpenLoginPage needs the shell’s LoginUrlProvider');
  return useCallback(
    (redirect?: string) => {
      window.open(loginPageUrl(loginUrl, redirect ?? window.location.href), '_blank', 'noopener');
    },
    [loginUrl],
  );
}
