import { Box, Flex } from '@chakra-ui/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useNavigation, useRevalidator } from 'react-router-dom';
import type { ShellQuery } from '../../__generated__/ShellQuery.graphql';
import { LoginUrlProvider } from '../../lib/LoginPage';
import { NavigationProgress } from '../../routing/NavigationProgress';
import { RouteHost } from '../../routing/RouteHost';
import { useViewerRefreshOnFocus } from '../../routing/ViewerRefreshOnFocus';
import type { PagePayload, RouteRuntime } from '../../routing/routeTypes';
import { AiAssistant } from '../../components/AiAssistant/AiAssistant';
import { Footer } from '../../components/Footer/Footer';
import { HEADER_HEIGHT, Header } from '../../components/Header/Header';
import { Sidebar } from '../../components/Sidebar/Sidebar';
import { Toaster } from '../../components/ui/toaster';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import { shellQuery } from './ShellQuery';

/** Header, sidebar and footer around every page (§2). */
export function Shell({ runtime }: { readonly runtime: RouteRuntime }) {
  const payload = useLoaderData() as PagePayload;
  const data = usePreloadedQuery<ShellQuery>(shellQuery, payload.queryRef as PreloadedQuery<ShellQuery>);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  useViewerRefreshOnFocus();

  return (
    <LoginUrlProvider loginUrl={data.site.loginUrl} visitor={ANONYMOUS_USER_TYPES.includes(data.viewer.userType)}>
      {/* the AI button and drawer (§2) on every desktop page; pages reach it with useAiAssistant */}
      <AiAssistant>
        <Flex direction="column" minH="100vh">
          <NavigationProgress active={navigation.state !== 'idle' || revalidator.state !== 'idle'} />
          <Header query={data} />
          <Flex flex="1" align="flex-start">
            <Sidebar query={data} top={HEADER_HEIGHT} />
            <Box as="main" flex="1" minW="0" px={{ base: '5', xl: '8' }} pt="5">
              <Box maxW="1440px" mx="auto">
                <RouteHost runtime={runtime} />
                <Footer />
              </Box>
            </Box>
          </Flex>
          <Toaster />
        </Flex>
      </AiAssistant>
    </LoginUrlProvider>
  );
}
