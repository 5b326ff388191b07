import { graphql } from 'react-relay';

/**
 * 我的 (/m/center) and its pages (/m/center/history, favourites, notes, fragments, messages): who
 * the viewer is, the login page's address for a visitor, and the one list the page shows (each
 * flag includes one list; 我的 itself asks for none). The lists are the desktop centre's fragments
 * over the same fields, so the phone shows, limits and deletes as /center does.
 */
export const mobileCenterQuery = graphql`
  query MobileCenterQuery(
    $history: Boolean!
    $favourites: Boolean!
    $notes: Boolean!
    $fragments: Boolean!
    $messages: Boolean!
  ) {
    site {
      loginUrl
    }
    viewer {
      userType
      name
      headPicture
      comName
      ...CenterHistory_viewer @include(if: $history) @alias
      ...MobileCenterFavourites_viewer @include(if: $favourites) @alias
      ...CenterNotes_viewer @include(if: $notes) @alias
      ...CenterFragments_viewer @include(if: $fragments) @alias
      ...CenterMessages_viewer @include(if: $messages) @alias
    }
  }
`;
