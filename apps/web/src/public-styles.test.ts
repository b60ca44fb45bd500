import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

/** The component files index.css takes utilities from: `@source "./components/{a,b}.tsx"`. */
function styledComponents(): Set<string> {
  const css = readFileSync(join(src, 'index.css'), 'utf8');
  const list = /@source "\.\/components\/\{([^}]+)\}\.tsx";/.exec(css)?.[1];
  if (!list) throw new Error('index.css names no component files');
  return new Set(list.split(',').map((name) => `components/${name.trim()}.tsx`));
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(src, specifier.slice(2))
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const file of [`${base}.tsx`, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(file)) return file;
  }
  return null;
}

/** Files reached from `entries` by static value imports (a lazy `import()` is not followed). */
function staticallyReached(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (reached.has(file)) continue;
    reached.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)) {
      const target = resolveImport(file, specifier as string);
      if (target) pending.push(target);
    }
  }
  return reached;
}

const sourcesIn = (folder: string) =>
  readdirSync(join(src, folder))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
    .map((name) => join(src, folder, name));

describe('the stylesheet of the pages a visit begins on', () => {
  it('takes utilities from every component those pages show', () => {
    // The landing and sign-in pages, with the main bundle, and the public pages fetched lazily.
    const entries = [
      join(src, 'main.tsx'),
      ...sourcesIn('features/public'),
      ...sourcesIn('features/auth'),
    ];
    const components = [...staticallyReached(entries)]
      .map((file) => relative(src, file))
      .filter((file) => file.startsWith('components/'));
    expect(components.length).toBeGreaterThan(0);
    const styled = styledComponents();
    expect(components.filter((file) => !styled.has(file))).toEqual([]);
  });
});
