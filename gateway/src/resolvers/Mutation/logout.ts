import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { loginRequired, refused, signedIn, unavailable } from '../../userErrors';

/**
 * 退出 (product-spec §4): Logout upstream, clear `utoken`, forget the cached viewer, run the start-up
 * sequence again; the payload's viewer is whoever that makes the visitor (an organisation's network
 * identity on a recognised network, else anonymous). When the login service could not revoke the token
 * the browser is signed out all the same and the payload says UNAVAILABLE.
 */
export const logout: Field<MutationResolvers, 'logout'> = async (_parent, _args, ctx) => {
  if (!(await signedIn(ctx))) return { viewer: await ctx.session.viewer(), errors: [loginRequired()] };
  const { state, revoked, refusal } = await ctx.session.logout();
  const errors = revoked ? [] : [refusal ? refused(refusal) : unavailable()];
  return { viewer: state.viewer, errors };
};
