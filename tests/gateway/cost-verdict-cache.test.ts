/**
 * The cost limit measures an operation once per document and variable set (gateway/src/yoga/limits.ts):
 * the same page query with the same variables is not measured again, other variables are, and a
 * refusal is kept as faithfully as a pass.
 */
import { parse, type ExecutionArgs } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createSchema } from '../../gateway/src/schema';
import { useCostLimit } from '../../gateway/src/yoga/limits';
import { measureOperation } from '../../gateway/src/yoga/operationCost';

const schema = createSchema();

function run(plugin: ReturnType<typeof useCostLimit>, args: ExecutionArgs): unknown {
  let result: unknown = null;
  (plugin.onExecute as (payload: unknown) => void)({ args, setResultAndStopExecution: (r: unknown) => (result = r) });
  return result;
}

describe('the cost verdict, kept per document', () => {
  it('measures a document with the same variables once, with other variables again', () => {
    let measured = 0;
    const plugin = useCostLimit((...args) => {
      measured += 1;
      return measureOperation(...args);
    });
    const document = parse('query Q($n: Int) { subjects { id } courses(first: $n) { edges { node { id } } } }');
    const args = (n: number) =>
      ({ schema, document, operationName: 'Q', variableValues: { n } }) as unknown as ExecutionArgs;
    expect(run(plugin, args(10))).toBeNull();
    expect(run(plugin, args(10))).toBeNull();
    expect(measured).toBe(1);
    run(plugin, args(20));
    expect(measured).toBe(2);
    // another parse of the same text is another document (yoga's parser cache gives the same object)
    run(plugin, {
      ...args(10),
      document: parse('query Q($n: Int) { subjects { id } courses(first: $n) { edges { node { id } } } }'),
    });
    expect(measured).toBe(3);
  });

  it('keeps a refusal as well: the second over-limit request is refused without measuring', () => {
    let measured = 0;
    const plugin = useCostLimit((...args) => {
      measured += 1;
      return { structure: Number.MAX_SAFE_INTEGER, upstreamCalls: 0, maxIds: 0 };
    });
    const args = { schema, document: parse('{ subjects { id } }'), variableValues: {} } as unknown as ExecutionArgs;
    const first = run(plugin, args) as { errors: { message: string }[] };
    const second = run(plugin, args) as { errors: { message: string }[] };
    expect(first.errors[0]!.message).toBe(second.errors[0]!.message);
    expect(second.errors[0]!.message).not.toBe('');
    expect(measured).toBe(1);
  });
});
