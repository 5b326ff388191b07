import type { RecordProxy, RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * Viewer and UserProfile have no id, so a mutation payload's `profile` is a record of its own and
 * never reaches the viewer the page and the header read (`client:root:viewer`). These updaters
 * carry what changed across, field by field, leaving every field the payload did not select alone.
 */
function viewerRecords(store: RecordSourceSelectorProxy): { viewer: RecordProxy | null; profile: RecordProxy | null } {
  const viewer = store.getRoot().getLinkedRecord('viewer') ?? null;
  return { viewer, profile: viewer?.getLinkedRecord('profile') ?? null };
}

/** Copies the fields a payload's profile selected (scalars and the bindings list) into the viewer's profile. */
export function mergeViewerProfile(store: RecordSourceSelectorProxy, payloadField: string): void {
  const payload = store.getRootField(payloadField);
  const changed = payload?.getLinkedRecord('profile');
  const { profile } = viewerRecords(store);
  if (changed && profile) profile.copyFieldsFrom(changed);
}

/** The new avatar, in the viewer (the header) and in its profile (the 个人资料 tab). */
export function setViewerHeadPicture(store: RecordSourceSelectorProxy, headPicture: string): void {
  const { viewer, profile } = viewerRecords(store);
  viewer?.setValue(headPicture, 'headPicture');
  profile?.setValue(headPicture, 'headPicture');
}
