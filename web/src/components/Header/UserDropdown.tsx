import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { startTransition } from 'react';
import { useNavigate } from 'react-router-dom';
import { CENTER_POSITION } from '../../constants';
import { ChevronDownIcon } from '../icons/Icons';

interface Props {
  readonly name: string;
  readonly headPicture: string | null;
}

/** The logged-in user's dropdown: 个人中心 / 历史记录 / 账户设置 / 退出登录 (loaded only for members). */
export default function UserDropdown({ name, headPicture }: Props) {
  const navigate = useNavigate();
  const go = (to: string) =>
    startTransition(() => {
      void navigate(to);
    });

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" gap="2" px="2">
          <Avatar.Root size="xs">
            <Avatar.Fallback name={name} />
            {headPicture ? <Avatar.Image src={headPicture} /> : null}
          </Avatar.Root>
          <Text maxW="8em" truncate>
            {name}
          </Text>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.Item value="center" onSelect={() => go('/center')}>
              个人中心
            </Menu.Item>
            <Menu.Item value="history" onSelect={() => go(`/center?position=${CENTER_POSITION.history}`)}>
              历史记录
            </Menu.Item>
            <Menu.Item value="account" onSelect={() => go(`/center?position=${CENTER_POSITION.account}`)}>
              账户设置
            </Menu.Item>
            <Menu.Separator />
            {/* Logging out needs the account mutations of the next issue; until then it is not offered. */}
            <Menu.Item value="logout" disabled title="账户功能即将上线">
              退出登录
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
