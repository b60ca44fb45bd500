import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A statement's name, in the query builder's `.prepare('name')` or in `preparedSql<Row>('name', …)`. */
const NAMES = [/\.prepare\(\s*'([^']+)'/g, /preparedSql<[\s\S]*?>\(\s*'([^']+)'/g];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('named statements', () => {
  it('have names unique across the server: a connection refuses a name reused for other SQL', () => {
    const places = new Map<string, string[]>();
    for (const file of sourceFiles(SOURCE_DIR)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of NAMES) {
        for (const [, name] of text.matchAll(pattern)) {
          places.set(name as string, [
            ...(places.get(name as string) ?? []),
            path.relative(SOURCE_DIR, file),
          ]);
        }
      }
    }
    // A floor, so a pattern that stopped matching cannot pass with nothing found.
    expect(places.size).toBeGreaterThan(40);
    expect([...places].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
