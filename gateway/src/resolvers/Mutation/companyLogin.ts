import type { ViewerParent } from '../../graphql/models';
import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { invalid, orUnavailable, refused } from '../../userErrors';

/** What a no-login id looks like on the wire: printable, at most 64 characters (the service's parameter limit). */
const GID = /^[\x21-\x7e]{1,64}$/;

/** The -2 answer is opened by the browser: only ever an http(s) URL. */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * /DissimilarLogin.aspx?gid=... (product-spec §2): CompanyLogin with cid = gid and the current token.
 * Unlike the other account mutations it needs no signed-in viewer: the no-login link is how an
 * organisation's reader signs in. 2000 → the returned token becomes the cookie and the viewer; -2 → the
 * message is a URL the client opens in a new window (openUrl), nothing else changes; any other answer →
 * an error, nothing changes.
 *
 * isIP: product-spec §4 says "Company login sets isIP false regardless of code", so the payload's viewer
 * has isIP false whenever the login service answered (2000, -2 or a refusal), even when that viewer is
 * still anonymous. Only this payload: the session is not changed by a refusal, and the next operation's
 * viewer is worked out afresh (an anonymous one has isIP true again). No answer (an invalid gid, which is
 * not sent, or an unreachable service) leaves the viewer as it was.
 */
export const companyLogin: Field<MutationResolvers, 'companyLogin'> = async (_parent, { input }, ctx) => {
  const gid = input.gid.trim();
  if (!GID.test(gid))
    return { viewer: await ctx.session.viewer(), openUrl: null, errors: [invalid('gid', '无效的免登录链接')] };
  return orUnavailable(
    async () => {
      const outcome = await ctx.session.companyLogin(gid);
      const viewer: ViewerParent = { ...outcome.state.viewer, isIP: false };
      if (outcome.kind === 'signedIn') return { viewer, openUrl: null, errors: [] };
      if (outcome.kind === 'openUrl') {
        if (isWebUrl(outcome.url)) return { viewer, openUrl: outcome.url, errors: [] };
        ctx.logger.warn('CompanyLogin answered -2 without an http(s) URL');
        return { viewer, openUrl: null, errors: [refused('所属机构已停用')] };
      }
      return { viewer, openUrl: null, errors: [refused(outcome.message || '无效的免登录链接')] };
    },
    async (error) => ({ viewer: await ctx.session.viewer(), openUrl: null, errors: [error] }),
  );
};
