import { Box, Button, CloseButton, Dialog, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { GridIcon, PhoneIcon, UserIcon } from '../icons/Icons';

const MODES: ReadonlyArray<{ title: string; icon: ReactNode; lines: readonly string[] }> = [
  {
    title: '机构网络识别',
    icon: <GridIcon />,
    lines: [
      '在已开通服务的学校或图书馆网络内访问，系统自动识别并登录，可免费观看全部课程。',
      '机构用户也可以通过机构提供的免登录链接直接进入。',
    ],
  },
  {
    title: '个人账号登录',
    icon: <UserIcon />,
    lines: ['在机构网络以外，点击右上角「登录」，使用个人账号登录后学习。', '学习记录、笔记和收藏随账号保存。'],
  },
  {
    title: '手机小程序',
    icon: <PhoneIcon />,
    lines: ['点击页面顶部「手机访问」，用微信扫描小程序二维码。', '随时随地在手机上继续学习。'],
  },
];

/** The dialog itself, loaded when it first opens (it brings the focus-trap machinery along). */
export default function OperationGuideDialog({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} size="lg" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl">
            <Dialog.Header>
              <Dialog.Title>操作指南 · 三种访问方式</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                {MODES.map((mode, i) => (
                  <Stack key={mode.title} gap="2.5" bg="red.50" borderRadius="xl" p="4">
                    <Box
                      width="40px"
                      height="40px"
                      borderRadius="full"
                      bg="red.600"
                      color="white"
                      display="grid"
                      placeItems="center"
                      fontSize="xl"
                    >
                      {mode.icon}
                    </Box>
                    <Text fontWeight="bold" color="red.800">{`${i + 1}. ${mode.title}`}</Text>
                    {mode.lines.map((line) => (
                      <Text key={line} fontSize="sm" color="gray.700" lineHeight="1.7">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                ))}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="red">我知道了</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
