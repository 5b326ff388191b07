import { graphql } from 'react-relay';

/** The shell's data (header and sidebar), loaded once for the whole session. */
export const shellQuery = graphql`
  query ShellQuery {
    site {
      loginUrl
    }
    viewer {
      # whom the shell shows: a tab brought back to the front compares it (relay/ViewerRefresh.ts)
      userId
      # a visitor's course links open the login page first (LoginPage.tsx useLoginFirstHref)
      userType
    }
    ...Header_query
    ...Sidebar_query
  }
`;
