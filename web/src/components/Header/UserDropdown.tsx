import { Avatar, Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { startTransition, useState } from 'react';
import { commitMutation, graphql, useRelayEnvironment } from 'react-relay';
import { useLocation, useNavigate } from 'react-router-dom';
import type { UserDropdownLogoutMutation } from '../../__generated__/UserDropdownLogoutMutation.graphql';
import { CENTER_POSITION } from '../../constants';
import { forgetPreviousViewer } from '../../relay/ViewerIdentity';
import { ChevronDownIcon } from '../icons/Icons';
import { UnreadMessagesBadge } from '../UnreadMessages/UnreadMessages';
import { showMessage } from '../ui/toaster';

const logoutMutation = graphql`
  mutation UserDropdownLogoutMutation($input: LogoutInput!) {
    logout(input: $input) {
      viewer {
        ...ViewerIdentity_viewer
      }
      errors {
        message
      }
    }
  }
`;

interface Props {
  readonly name: string;
  readonly headPicture: string | null;
}

/** A path of the personal centre: /center itself, whatever the case or tab. */
function onCenter(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === '/center';
}

/**
 * The logged-in user's dropdown (loaded only for members): 个人中心, 历史记录, 消息, 账户设置 open
 * the centre at their tab; 退出 signs out. The avatar and 消息 carry the unread-message count. The gateway answers the logout with the viewer that results
 * (on a recognised network, the organisation's identity), which the store writes over the old one
 * (see relay/ViewerIdentity.ts), and whoever was on the centre goes home.
 *
 * The menu button is named by its content: the unread count, then a hidden "student的账户菜单"
 * ("3条未读消息 student的账户菜单"), which contains the name shown; the avatar's initial and the
 * shown name are hidden from assistive technology. An aria-label instead would not contain the
 * visible initial and count, which WCAG 2.5.3 (label in name) asks for.
 */
export default function UserDropdown({ name, headPicture }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const environment = useRelayEnvironment();
  const [leaving, setLeaving] = useState(false);
  const go = (to: string) =>
    startTransition(() => {
      void navigate(to);
    });

  const logout = () => {
    if (leaving) return;
    setLeaving(true);
    const wasOnCenter = onCenter(location.pathname);
    commitMutation<UserDropdownLogoutMutation>(environment, {
      mutation: logoutMutation,
      variables: { input: {} },
      updater: forgetPreviousViewer,
      onCompleted: (response) => {
        setLeaving(false);
        const error = response.logout?.errors[0]?.message;
        if (error) showMessage(error, 'error');
        if (wasOnCenter) {
          startTransition(() => {
            void navigate('/home', { replace: true });
          });
        }
      },
      // §8: a failed request shows no message; the user is still signed in and may try again
      onError: () => setLeaving(false),
    });
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" gap="2" px="2">
          <Box position="relative" display="inline-flex">
            <Avatar.Root size="xs" aria-hidden>
              <Avatar.Fallback name={name} />
              {headPicture ? <Avatar.Image src={headPicture} /> : null}
            </Avatar.Root>
            <UnreadMessagesBadge placement="corner" />
          </Box>
          <Text maxW="8em" truncate aria-hidden>
            {name}
          </Text>
          <VisuallyHidden>{`${name}的账户菜单`}</VisuallyHidden>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.Item value="center" onSelect={() => go(`/center?position=${CENTER_POSITION.courses}`)}>
              个人中心
            </Menu.Item>
            <Menu.Item value="history" onSelect={() => go(`/center?position=${CENTER_POSITION.history}`)}>
              历史记录
            </Menu.Item>
            <Menu.Item value="messages" onSelect={() => go(`/center?position=${CENTER_POSITION.messages}`)}>
              消息
              <UnreadMessagesBadge />
            </Menu.Item>
            <Menu.Item value="account" onSelect={() => go(`/center?position=${CENTER_POSITION.account}`)}>
              账户设置
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" disabled={leaving} onSelect={logout}>
              退出
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
