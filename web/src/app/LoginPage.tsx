import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { loginPageUrl } from '../site';

/**
 * The external login page as the gateway answers it (`site { loginUrl }` of the shell query):
 * LOGIN_PUBLIC_URL, or the login service on the host the browser used. It is known at run time
 * only, so the shell provides it to everything that sends visitors to log in.
 */
const LoginUrlContext = createContext<string | null>(null);

export function LoginUrlProvider({ loginUrl, children }: { readonly loginUrl: string; readonly children: ReactNode }) {
  return <LoginUrlContext.Provider value={loginUrl}>{children}</LoginUrlContext.Provider>;
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
