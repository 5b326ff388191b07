import { graphql } from 'react-relay';

/** The shell's data (header and sidebar), loaded once for the whole session. */
export const shellQuery = graphql`
  query ShellQuery {
    site {
      loginUrl
    }
    ...Header_query
    ...Sidebar_query
  }
`;
