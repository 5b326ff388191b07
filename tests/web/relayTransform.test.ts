import { describe, expect, it } from 'vitest';
import { homeQuery } from '../../web/src/routes/Home/HomeQuery';
import { shellQuery } from '../../web/src/routes/Shell/ShellQuery';

// Guard: without babel-plugin-relay the graphql`` tags throw "graphql: Unexpected invocation at
// runtime" when these modules load; with it they are the compiled artifacts.
describe('babel-plugin-relay transform', () => {
  it('replaced graphql tags with the compiled query artifacts', () => {
    for (const [node, name] of [
      [homeQuery, 'HomeQuery'],
      [shellQuery, 'ShellQuery'],
    ] as const) {
      const request = node as unknown as {
        kind: string;
        params: { name: string; operationKind: string; text: string };
      };
      expect(request.kind).toBe('Request');
      expect(request.params.name).toBe(name);
      expect(request.params.operationKind).toBe('query');
      expect(request.params.text).toContain(`query ${name}`);
    }
  });
});
