import { act } from '@testing-library/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { CenterTabsTestQuery } from '../../web/src/__generated__/CenterTabsTestQuery.graphql';
import { AccountSettingsTab } from '../../web/src/components/Center/AccountSettingsTab';
import { centerTabsTestQuery } from '../../web/src/components/Center/CenterTabsTestQuery';
import { ProfileTab } from '../../web/src/components/Center/ProfileTab';
import { preloadWithMocks, type MockEnvironment } from './mockData';
import { renderWithProviders } from './render';

/** The profile of a personal account as UserProfile answers it. */
export function mockProfile(overrides: Record<string, unknown> = {}) {
  return {
    userId: 7,
    userName: 'student',
    realName: '张三',
    gender: 'MALE',
    birthday: '2004-05-06',
    address: '北京市海淀区',
    school: '示范大学',
    major: '思想政治教育',
    className: '2022级1班',
    studentId: '2022-001',
    info: '热爱学习',
    headPicture: '/media/avatars/7-old.jpg',
    phoneNumber: '13800000000',
    email: 'student@example.edu.cn',
    canChangePassword: true,
    changeEmailUrl: 'http://login.test/email?redirect=x',
    changePhoneUrl: 'http://login.test/phone?redirect=x',
    findPasswordUrl: 'http://login.test/find-password',
    bindings: [
      { provider: 'QQ', label: 'QQ', bound: true, bindUrl: 'http://login.test/bind?type=1' },
      { provider: 'WECHAT', label: '微信', bound: false, bindUrl: 'http://login.test/bind?type=2' },
      { provider: 'WEIBO', label: '微博', bound: false, bindUrl: 'http://login.test/bind?type=3' },
    ],
    ...overrides,
  };
}

function Tab({ queryRef, tab }: { queryRef: PreloadedQuery<CenterTabsTestQuery>; tab: 'profile' | 'account' }) {
  const data = usePreloadedQuery<CenterTabsTestQuery>(centerTabsTestQuery, queryRef);
  return tab === 'profile' ? <ProfileTab viewer={data.viewer} /> : <AccountSettingsTab viewer={data.viewer} />;
}

/** Renders one tab of /center over a mock environment whose viewer has `profile`. */
export async function renderCenterTab(tab: 'profile' | 'account', profile: Record<string, unknown> = mockProfile()) {
  const { environment, queryRef } = preloadWithMocks<CenterTabsTestQuery>(
    centerTabsTestQuery,
    {},
    {
      Viewer: () => ({
        userType: 1,
        isLoggedIn: true,
        name: profile.userName,
        headPicture: profile.headPicture,
        profile,
      }),
    },
  );
  let result!: ReturnType<typeof renderWithProviders>;
  await act(async () => {
    result = renderWithProviders(<Tab queryRef={queryRef} tab={tab} />, environment, '/center');
  });
  return { environment, ...result };
}

/** Answers the pending mutation from resolvers (typed by the schema). */
export async function resolveMutation(
  environment: MockEnvironment,
  resolvers: Parameters<typeof MockPayloadGenerator.generate>[1],
) {
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, resolvers));
  });
}

/** The root viewer record's profile, as the header and the tabs read it. */
export function storedViewer(environment: MockEnvironment) {
  const source = environment.getStore().getSource();
  const viewer = source.get('client:root:viewer');
  const profileRef = viewer?.profile as { __ref: string } | undefined;
  return { viewer, profile: profileRef ? source.get(profileRef.__ref) : undefined };
}
