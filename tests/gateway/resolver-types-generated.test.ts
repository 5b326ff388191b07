/**
 * The resolvers' types are generated from schema.graphql (gateway/codegen.ts) and committed: what the
 * committed file says is what the generator makes of today's schema and mappers, so a field added to
 * the schema without `npm run codegen` fails here, and typecheck then holds every resolver to it.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../gateway/codegen';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('generated resolver types', () => {
  it('gateway/src/graphql/__generated__/resolvers.ts is what schema.graphql generates (else: npm run codegen)', async () => {
    const outputs: { filename: string; content: string }[] = await generate(
      { ...config, cwd: root, silent: true },
      false,
    );
    expect(outputs.map((output) => output.filename)).toEqual(['gateway/src/graphql/__generated__/resolvers.ts']);
    const committed = await readFile(
      new URL('../../gateway/src/graphql/__generated__/resolvers.ts', import.meta.url),
      'utf8',
    );
    expect(
      committed === outputs[0]!.content,
      'the committed resolver types differ from the schema: run npm run codegen',
    ).toBe(true);
  });
});
