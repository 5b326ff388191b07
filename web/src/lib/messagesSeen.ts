import { useSyncExternalStore } from 'react';

/**
 * Which of a person's messages count as read (the unread badge). The upstream
 * keeps no read state of a message, so this device remembers the newest message (by its id, which
 * only grows) that the person saw in 消息; the messages above it are unread. Kept per user in
 * localStorage; another tab's change arrives by the storage event. Without a record every message
 * is unread (the person never opened 消息 here).
 */
const KEY_PREFIX = 'szykt.messagesSeen.';
const listeners = new Set<() => void>();

function keyOf(userId: number): string {
  return `${KEY_PREFIX}${userId}`;
}

/** The newest message id the person saw on this device, 0 for none (or storage refused). */
export function lastSeenMessageId(userId: number): number {
  try {
    const value = Number(window.localStorage.getItem(keyOf(userId)));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

/** The person saw the messages up to `newestId` (the list of 消息 was on screen). */
export function markMessagesSeen(userId: number, newestId: number): void {
  if (!(userId > 0) || !(newestId > lastSeenMessageId(userId))) return;
  try {
    window.localStorage.setItem(keyOf(userId), String(newestId));
  } catch {
    // private mode or a full storage: the badge stays until the next visit of 消息
  }
  for (const listener of listeners) listener();
}

/** How many of these message ids are unread. */
export function unreadCount(messageIds: readonly number[], seenId: number): number {
  return messageIds.filter((id) => id > seenId).length;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** lastSeenMessageId, re-read whenever a page (or another tab) marks messages seen. */
export function useLastSeenMessageId(userId: number | null | undefined): number {
  return useSyncExternalStore(
    subscribe,
    () => (userId ? lastSeenMessageId(userId) : 0),
    () => 0,
  );
}
