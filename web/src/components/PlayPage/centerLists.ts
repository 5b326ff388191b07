import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * The personal centre's lists that an action on the play page changes. The centre is kept alive
 * and reads them from the store: marking them stale makes it load them again the next time it is
 * opened in this tab instead of showing them without the new note, collection, clip or favourite.
 * (Keys and filters as the centre's fragments declare their @connection.)
 */
const CENTER_LISTS = {
  myNotes: { key: 'MyNotes_myNotes', filters: { kind: 'MINE' } },
  collectedNotes: { key: 'CollectedNotes_collectedNotes', filters: { kind: 'COLLECTED' } },
  fragments: { key: 'CenterFragments_fragments', filters: {} },
  favouriteCourses: { key: 'CenterCourses_favouriteCourses', filters: {} },
} as const;

export type CenterList = keyof typeof CENTER_LISTS;

export function markCenterListsStale(store: RecordSourceSelectorProxy, lists: readonly CenterList[]): void {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  if (!viewer) return;
  for (const name of lists) {
    const { key, filters } = CENTER_LISTS[name];
    ConnectionHandler.getConnection(viewer, key, filters)?.invalidateRecord();
  }
}

/** A note written or deleted here changes the centre's 我的笔记 (and a deleted one its collections). */
export function centerListsAfterNoteChange(store: RecordSourceSelectorProxy): void {
  markCenterListsStale(store, ['myNotes', 'collectedNotes']);
}
