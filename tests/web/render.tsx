import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { IEnvironment } from 'relay-runtime';
import { Toaster } from '../../web/src/components/ui/toaster';
import { system } from '../../web/src/theme';

/**
 * Renders `ui` at `path` inside the app's providers (Chakra, Relay, a memory router) with the
 * message stack; other paths render their path so navigation can be asserted.
 */
export function renderWithProviders(ui: ReactNode, environment: IEnvironment, path = '/home') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <ChakraProvider value={system}>
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </ChakraProvider>,
  );
  return { ...result, router };
}
