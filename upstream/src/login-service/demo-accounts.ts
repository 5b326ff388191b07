/**
 * The demo accounts seeded on first start (README "Demo accounts"): a personal account, an
 * organisation member, and the organisation 示范大学图书馆 with a fixed no-login gid and an IP
 * range tests can reach through X-Forwarded-For from a trusted proxy. Loopback is deliberately
 * not an organisation network: every local visitor would be signed in. Idempotent: each item
 * is created only when missing, so a changed password or a disabled account stays as it is.
 */
import type { Store } from '../store';
import { createOrganisation, createUser } from './services/accounts';

export const DEMO_ORGANISATION = {
  name: '示范大学图书馆',
  comCode: 'DEMO-LIB',
  gid: 'demo-library',
  ipRanges: ['10.20.0.0/16', '2001:db8:20::/48'],
} as const;

export const DEMO_USERS = [
  { userName: 'student', password: 'Student2026', userType: 1, realName: '示范学生' },
  { userName: 'teacher', password: 'Teacher2026', userType: 2, realName: '示范教师' },
] as const;

/** returns the names of what it created (empty when everything was there) */
export async function seedDemoAccounts(store: Store, now = Date.now()): Promise<string[]> {
  const created: string[] = [];
  let org = store.organisations.getByGid(DEMO_ORGANISATION.gid);
  if (!org) {
    org = createOrganisation(store, { ...DEMO_ORGANISATION, ipRanges: [...DEMO_ORGANISATION.ipRanges] }, now);
    created.push(`organisation ${org.name} (comId ${org.comId})`);
  }
  for (const demo of DEMO_USERS) {
    if (store.users.getByName(demo.userName)) continue;
    await createUser(store, { ...demo, comId: demo.userType === 2 ? org.comId : null }, now);
    created.push(`user ${demo.userName}`);
  }
  return created;
}
