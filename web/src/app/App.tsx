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
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </ChakraProvider>
  );
}
