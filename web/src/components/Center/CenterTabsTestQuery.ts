import { graphql } from 'react-relay';

/**
 * For tests only (tests/web), never imported by the app: relay-compiler reads web/src alone, so a
 * query that hands the tabs their fragment keys has to live here. @relay_test_operation lets
 * MockPayloadGenerator fill enums and scalars by their schema types.
 */
export const centerTabsTestQuery = graphql`
  query CenterTabsTestQuery @relay_test_operation {
    viewer {
      ...ProfileTab_viewer
      ...AccountSettingsTab_viewer
    }
  }
`;
