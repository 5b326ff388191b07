import type { Resolver, ViewerResult } from '../../graphql/types';
import { isLoggedIn } from '../../viewer';

export const viewer: Resolver<unknown, Record<string, never>, ViewerResult> = (_parent, _args, { viewer: current }) => ({
  userType: current.userType,
  isLoggedIn: isLoggedIn(current),
  isIP: current.isIP,
  name: current.name,
  comName: current.comName,
  comId: current.comId,
  headPicture: current.headPicture,
});
