/**
 * The demo accounts seeded on first start (upstream/src/login-service/README.md): a personal account (with a
 * bound QQ, a contact e-mail and phone), an organisation member, and the organisation
 * 示范大学图书馆 with a fixed no-login gid and an IP range tests can reach through
 * X-Forwarded-For from a trusted proxy. Loopback is deliberately
 * not an organisation network: every local visitor would be signed in. Idempotent: each item
 * is created only when missing, so a changed password or a disabled account stays as it is.
 */
import { seedDemoLearning } from './learning';
import type { Store } from '../store';
import { createOrganisation, createUser } from '../login-service/services/accounts';

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

/**
 * What the demo student has besides the account, so that 账户设置 has something to show: a bound
 * QQ (to unbind), a contact e-mail and phone (example addresses, reserved for documentation).
 * Set when the account is created only: what a visitor changes afterwards stays changed.
 */
export const DEMO_STUDENT_EXTRAS = {
  email: 'student@example.edu.cn',
  phone: '13800000000',
  qqBound: true,
} as const;

/** returns the names of what it created (empty when everything was there) */
export async function seedDemoAccounts(store: Store, now = Date.now()): Promise<string[]> {
  const created: string[] = [];
  let org = await store.organisations.getByGid(DEMO_ORGANISATION.gid);
  if (!org) {
    org = await createOrganisation(store, { ...DEMO_ORGANISATION, ipRanges: [...DEMO_ORGANISATION.ipRanges] }, now);
    created.push(`organisation ${org.name} (comId ${org.comId})`);
  }
  for (const demo of DEMO_USERS) {
    if (await store.users.getByName(demo.userName)) continue;
    const user = await createUser(store, { ...demo, comId: demo.userType === 2 ? org.comId : null }, now);
    if (demo.userName === 'student') {
      await store.transaction(async () => {
        await store.users.setEmail(user.userId, DEMO_STUDENT_EXTRAS.email);
        await store.users.setPhone(user.userId, DEMO_STUDENT_EXTRAS.phone);
        await store.users.setBindState(user.userId, 'qq', DEMO_STUDENT_EXTRAS.qqBound);
      });
    }
    created.push(`user ${demo.userName}`);
  }
  if (created.length > 0 && (await seedDemoLearning(store, now))) created.push('demo learning records of student');
  return created;
}
