/** schema.graphql is the single source (schema-first); the resolvers must cover it exactly. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from './resolvers';

export const SCHEMA_PATH = path.resolve(__dirname, '..', '..', 'schema.graphql');

export function createSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    // a resolver for a field the schema does not have is a mistake, not an extension
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
