import { graphql } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * Who the viewer is, as every part of the shell reads it (header, user menu, sidebar, guards, the
 * centre's summary). Mutations that change the identity (logout, companyLogin) select it on their
 * payload's viewer.
 *
 * Viewer has no id, and Relay keeps every `Viewer` in the one record `client:root:viewer`: the
 * payload's viewer is written straight over the root viewer, so everything reading `viewer`
 * shows the new identity without an updater.
 */
/* eslint-disable relay/unused-fields, relay/must-colocate-fragment-spreads -- a selection for the store (see above), read by the shell's components through their own fragments */
export const viewerIdentityFragment = graphql`
  fragment ViewerIdentity_viewer on Viewer {
    userType
    isLoggedIn
    isIP
    userId
    name
    comName
    comId
    comCode
    headPicture
    phoneNumber
    email
    ...UserMenu_viewer
  }
`;
/* eslint-enable relay/unused-fields, relay/must-colocate-fragment-spreads */

/**
 * Mutation updater for a new identity: the viewer's personal lists (favourites, notes, history,
 * profile, ...) in the store belonged to the previous person. Invalidating the viewer makes every
 * query that reads them (the kept-alive centre, the centre's guard) ask the gateway again the next
 * time it loads, instead of showing them.
 */
export function forgetPreviousViewer(store: RecordSourceSelectorProxy): void {
  store.getRoot().getLinkedRecord('viewer')?.invalidateRecord();
}
