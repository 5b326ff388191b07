import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

interface Props {
  readonly open: boolean;
  /** The question, word for word (§2: 删除片段后不可恢复，确定删除吗？). */
  readonly message: string;
  readonly title?: string;
  readonly confirmLabel?: string;
  /** The action is running: the confirm button spins and nothing closes the dialog meanwhile. */
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** A yes/no question before something that cannot be undone (deleting, clearing). */
export function ConfirmDialog({
  open,
  message,
  title = '提示',
  confirmLabel = '确定',
  busy = false,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !busy) onCancel();
      }}
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="xl">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="gray.700">{message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={onCancel} disabled={busy}>
                取消
              </Button>
              <Button colorPalette="red" size="sm" onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
