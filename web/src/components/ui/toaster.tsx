import { Box, Stack } from '@chakra-ui/react';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * App-wide short messages (请输入内容, 请从手机端查看, ...): a tiny store and a fixed stack at the
 * top of the window. Hand-rolled because the UI library's toast machine alone weighs ~10 KB gzip
 * in the first-load bundle, for what is a line of text that fades out.
 */
export type MessageType = 'info' | 'warning' | 'error' | 'success';

interface Message {
  readonly id: number;
  readonly text: string;
  readonly type: MessageType;
}

const DURATION_MS = 2500;
const MAX_MESSAGES = 3;

let messages: readonly Message[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dismiss(id: number) {
  messages = messages.filter((m) => m.id !== id);
  emit();
}

export function showMessage(text: string, type: MessageType = 'info'): void {
  // The same message twice in a row only restarts its timer.
  const rest = messages.filter((m) => m.text !== text);
  messages = [...rest, { id: nextId++, text, type }].slice(-MAX_MESSAGES);
  emit();
}

/** Removes every message (tests). */
export function clearMessages(): void {
  messages = [];
  emit();
}

const ACCENT: Record<MessageType, string> = {
  info: 'blue.500',
  warning: 'orange.400',
  error: 'red.500',
  success: 'green.500',
};

export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => messages,
    () => messages,
  );
  return (
    <Stack
      position="fixed"
      top="80px"
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      gap="2"
      align="center"
      pointerEvents="none"
      role="status"
      aria-live="polite"
    >
      {list.map((m) => (
        <ToastItem key={m.id} message={m} />
      ))}
    </Stack>
  );
}

function ToastItem({ message }: { readonly message: Message }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(message.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [message.id]);
  return (
    <Box
      bg="white"
      color="gray.800"
      fontSize="sm"
      px="5"
      py="2.5"
      borderRadius="lg"
      boxShadow="0 8px 24px rgba(15, 23, 42, 0.16)"
      borderLeftWidth="4px"
      borderLeftColor={ACCENT[message.type]}
      pointerEvents="auto"
      data-type={message.type}
    >
      {message.text}
    </Box>
  );
}
