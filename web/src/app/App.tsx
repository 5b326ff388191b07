import { ChakraProvider } from '@chakra-ui/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import type { IEnvironment } from 'relay-runtime';
import { system } from '../theme';
import type { createAppRouter } from './router';

interface Props {
  readonly environment: IEnvironment;
  readonly router: ReturnType<typeof createAppRouter>['router'];
}

export function App({ environment, router }: Props) {
  return (
    <ChakraProvider value={system}>
      <RelayEnvironmentProvider environment={environment}>
        {/*
          Router updates are not transitions (react-router 7 wraps them in startTransition by default):
          as a transition, revealing a kept-alive page was rendered in time slices between the
          browser's frames, and the URL said /home for 0.1–1.8 s while the page left stayed on
          screen. Loaders wait for the data and the page's code, so a navigation
          has nothing left to suspend on; pages' own later loads sit in their own Suspense.
        */}
        <RouterProvider router={router} useTransitions={false} />
      </RelayEnvironmentProvider>
    </ChakraProvider>
  );
}
