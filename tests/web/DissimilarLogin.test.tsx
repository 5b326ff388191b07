/**
 * /DissimilarLogin.aspx?gid= (§2): the company login runs with the gid; 2000 puts the organisation
 * user in the header, -2 opens the answer's link in a new window, anything else does nothing more;
 * every outcome, and a missing gid, ends on /home in place of the link (history replace).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInNewWindow } from '../../web/src/app/DissimilarLogin';
import { renderApp } from './appHarness';
import { ANONYMOUS, LIBRARY_MEMBER, SHELL_RESOLVERS } from './centerMocks';

const LONG = { timeout: 10_000 };
const LOGIN_LINK = 'http://login.example.edu.cn/login?from=company&gid=demo-library';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

type Outcome = { code: 2000 } | { code: -2; openUrl: string } | { code: -1; message: string };

function app(path: string, outcome: Outcome) {
  let identity: Record<string, unknown> = ANONYMOUS;
  const rendered = renderApp(path, {
    ...SHELL_RESOLVERS,
    Viewer: () => identity,
    CompanyLoginPayload: () => {
      if (outcome.code === 2000) {
        identity = LIBRARY_MEMBER;
        return { openUrl: null, errors: [] };
      }
      // as the gateway answers it: the link, and no user error
      if (outcome.code === -2) return { openUrl: outcome.openUrl, errors: [] };
      return { openUrl: null, errors: [{ message: outcome.message, code: 'COMPANY_LOGIN_FAILED', field: null }] };
    },
  });
  stops.push(rendered.stop);
  return rendered;
}

async function endsOnHome(router: ReturnType<typeof renderApp>['router'], historyAction = 'REPLACE') {
  await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
  expect(router.state.location.search).toBe('');
  expect(router.state.historyAction).toBe(historyAction);
  expect(await screen.findByText('推荐课程一', undefined, LONG)).toBeTruthy();
}

describe('/DissimilarLogin.aspx', () => {
  it('code 2000: the organisation user is shown in the header, on /home', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router, named } = app('/DissimilarLogin.aspx?gid=demo-library', { code: 2000 });
    await endsOnHome(router);
    expect(named('DissimilarLoginCompanyLoginMutation').map((o) => o.variables)).toEqual([
      { input: { gid: 'demo-library' } },
    ]);
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: '示范大学图书馆的账户菜单' }, LONG)).toBeTruthy();
    expect(within(header).queryByRole('button', { name: '登录' })).toBeNull();
    expect(within(header).getAllByText('示范大学图书馆').length).toBeGreaterThan(0);
    expect(open).not.toHaveBeenCalled();
    // the shell's own (older) viewer answer came first and did not overwrite the new identity,
    // and nothing was loaded twice
    expect(named('ShellQuery')).toHaveLength(1);
  });

  it('code -2: the answer’s link opens in a new window; still a visitor, on /home', async () => {
    const opened = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(opened);
    const { router } = app('/DissimilarLogin.aspx?gid=demo-library', { code: -2, openUrl: LOGIN_LINK });
    await endsOnHome(router);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]!.slice(0, 2)).toEqual([LOGIN_LINK, '_blank']);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: '登录' })).toBeTruthy();
    // the new window cannot reach back into the platform
    expect(opened.opener).toBeNull();
  });

  it('a refused popup does not lose the -2 link: it is followed in this tab', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const follow = vi.fn();
    openInNewWindow(LOGIN_LINK, follow);
    expect(follow).toHaveBeenCalledWith(LOGIN_LINK);
  });

  it('-2 with something that is not a web page opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = app('/DissimilarLogin.aspx?gid=demo-library', { code: -2, openUrl: 'javascript:alert(1)' });
    await endsOnHome(router);
    expect(open).not.toHaveBeenCalled();
  });

  it('any other code: nothing further, on /home', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router, named } = app('/DissimilarLogin.aspx?gid=unknown-org', { code: -1, message: '机构不存在' });
    await endsOnHome(router);
    expect(named('DissimilarLoginCompanyLoginMutation')).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('no gid: straight to /home without a company login', async () => {
    const { router, named } = app('/DissimilarLogin.aspx', { code: 2000 });
    await endsOnHome(router);
    expect(named('DissimilarLoginCompanyLoginMutation')).toHaveLength(0);
  });

  it('followed from inside the app, /home takes the link’s place: Back returns to the page before', async () => {
    const { router } = app('/special', { code: 2000 });
    await screen.findByRole('heading', { level: 1, name: '推荐专题' }, LONG);
    await act(async () => {
      await router.navigate('/DissimilarLogin.aspx?gid=demo-library');
    });
    // the link never became a history entry: /home is pushed after /special
    await endsOnHome(router, 'PUSH');
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: '示范大学图书馆的账户菜单' }, LONG),
    ).toBeTruthy();
    await act(async () => {
      await router.navigate(-1);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/special'), LONG);
  });
});
