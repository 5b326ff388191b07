import { ChakraProvider } from '@chakra-ui/react';
import { act, render } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator, type MockResolvers } from 'relay-test-utils';
import { appRoutes, createRouteRuntime } from '../../web/src/app/router';
import { GUIDE_SEEN_KEY } from '../../web/src/constants';
import { system } from '../../web/src/theme';

export interface SentOperation {
  readonly name: string;
  readonly variables: Record<string, unknown>;
}

/**
 * The whole app (shell, routes, loaders, keep-alive host) in a memory router over a mock Relay
 * environment that answers every operation from `resolvers` soon after it is sent, as the gateway
 * would. Returns the router and the operations sent, by name. Call `stop()` after the test.
 */
export function renderApp(
  initialPath: string,
  resolvers: MockResolvers,
  {
    guideSeen = true,
    fails = () => false,
  }: {
    guideSeen?: boolean;
    /** operations the gateway does not answer (the request fails, as when the network drops it) */
    fails?: (name: string) => boolean;
  } = {},
) {
  if (guideSeen) window.localStorage.setItem(GUIDE_SEEN_KEY, '1');
  const environment = createMockEnvironment();
  const operations: SentOperation[] = [];
  const answer = (operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, resolvers);
  const timer = setInterval(() => {
    for (
      let pending = environment.mock.getAllOperations();
      pending.length > 0;
      pending = environment.mock.getAllOperations()
    ) {
      const operation = pending[0]!;
      const name = operation.request.node.params.name;
      operations.push({ name, variables: { ...operation.request.variables } });
      if (fails(name)) act(() => environment.mock.reject(operation, new Error('network error')));
      else act(() => environment.mock.resolve(operation, answer(operation)));
    }
  }, 5);
  const runtime = createRouteRuntime(environment);
  const router = createMemoryRouter(appRoutes(runtime), { initialEntries: [initialPath] });
  runtime.latestLoaderData = () => Object.values(router.state.loaderData);
  runtime.isNavigating = () => router.state.navigation.state !== 'idle' || router.state.revalidation !== 'idle';
  render(
    <ChakraProvider value={system}>
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </ChakraProvider>,
  );
  return {
    router,
    runtime,
    environment,
    named: (name: string) => operations.filter((o) => o.name === name),
    stop: () => clearInterval(timer),
  };
}

/** A catalogue record as the routes' queries read it. */
export function mockCatalogue(catalogueId: number, level: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id: `catalogue-${catalogueId}`,
    catalogueId,
    level,
    name,
    resourceCount: 3,
    parent: null,
    children: [],
    ...extra,
  };
}
