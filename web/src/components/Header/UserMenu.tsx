import { Button, Text } from '@chakra-ui/react';
import { Suspense, lazy } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { UserMenu_viewer$key } from '../../__generated__/UserMenu_viewer.graphql';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import { useOpenLoginPage } from '../../lib/LoginPage';

const UserDropdown = lazy(() => import('./UserDropdown'));

const viewerFragment = graphql`
  fragment UserMenu_viewer on Viewer {
    userType
    name
    headPicture
  }
`;

/** 登录 (the login page in a new tab, coming back to this page) for visitors (userType -1 or 0), otherwise the user dropdown. */
export function UserMenu({ viewer }: { readonly viewer: UserMenu_viewer$key }) {
  const data = useFragment(viewerFragment, viewer);
  const openLoginPage = useOpenLoginPage();

  if (ANONYMOUS_USER_TYPES.includes(data.userType)) {
    return (
      <Button colorPalette="red" size="sm" borderRadius="full" px="5" onClick={() => openLoginPage()}>
        登录
      </Button>
    );
  }
  const name = data.name ?? '用户';
  return (
    <Suspense
      fallback={
        <Text fontSize="sm" px="2" maxW="8em" truncate>
          {name}
        </Text>
      }
    >
      <UserDropdown name={name} headPicture={data.headPicture ?? null} />
    </Suspense>
  );
}
