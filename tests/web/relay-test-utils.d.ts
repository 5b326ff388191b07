// Minimal typings for relay-test-utils (the package ships none and @types/relay-test-utils is not installed).
declare module 'relay-test-utils' {
  import type { Environment, GraphQLResponse, OperationDescriptor } from 'relay-runtime';

  export type MockResolvers = Record<string, (context: unknown, generateId: () => number) => unknown>;

  export interface MockFunctions {
    resolveMostRecentOperation(response: GraphQLResponse | ((operation: OperationDescriptor) => GraphQLResponse)): void;
    rejectMostRecentOperation(error: Error | ((operation: OperationDescriptor) => Error)): void;
    getMostRecentOperation(): OperationDescriptor;
    getAllOperations(): OperationDescriptor[];
    resolve(operation: OperationDescriptor, response: GraphQLResponse): void;
    reject(operation: OperationDescriptor, error: Error | string): void;
    isLoading(request: unknown, variables: unknown): boolean;
    queueOperationResolver(
      resolver: (operation: OperationDescriptor) => GraphQLResponse | Error | null | undefined,
    ): void;
  }

  export type RelayMockEnvironment = Environment & { mock: MockFunctions };

  export function createMockEnvironment(config?: Record<string, unknown>): RelayMockEnvironment;

  export const MockPayloadGenerator: {
    generate(operation: OperationDescriptor, resolvers?: MockResolvers | null): GraphQLResponse;
  };
}
