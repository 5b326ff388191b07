import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../web/src');
const GENERATED = path.join(SRC, '__generated__');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// babel-plugin-relay compares the md5 of graphql-js's print() of each tag with the artifact's hash
// and logs "appears to have changed" in development when they differ: that happens when the
// artifacts are stale, and also when graphql-js wraps a long argument list that relay-compiler's
// printer does not. Either way the browser console would show errors.
describe('relay artifacts', () => {
  it('match every graphql tag in web/src (no stale-artifact warnings at run time)', () => {
    const mismatches: string[] = [];
    let count = 0;
    for (const file of sourceFiles(SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/graphql`([\s\S]*?)`/g)) {
        const definition = parse(match[1]!).definitions[0] as { name?: { value: string } };
        const name = definition.name!.value;
        const hash = crypto
          .createHash('md5')
          .update(print(definition as never), 'utf8')
          .digest('hex');
        const artifact = fs.readFileSync(path.join(GENERATED, `${name}.graphql.ts`), 'utf8');
        const expected = /\.hash = "([0-9a-f]+)"/.exec(artifact)?.[1];
        count += 1;
        if (hash !== expected) mismatches.push(`${name} (${path.relative(SRC, file)})`);
      }
    }
    expect(count).toBeGreaterThan(10);
    expect(mismatches).toEqual([]);
  });
});
