import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('.', import.meta.url));

/** Every source file of the server, tests left out: no module imports a test. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The file a relative specifier names, as the bundler and tsx resolve it; a package is none. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find(
    (candidate) => candidate.endsWith('.ts') && existsSync(candidate),
  );
}

/**
 * The files each file imports or re-exports from at load time, type-only imports included: a
 * circle of types still ties the files' layers together. Dynamic imports run later and are left out.
 */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { module, errors } = parseSync(file, readFileSync(file, 'utf8'));
      if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
      const specifiers = [
        ...module.staticImports.map((declaration) => declaration.moduleRequest.value),
        ...module.staticExports.flatMap((declaration) =>
          declaration.entries.flatMap((entry) => entry.moduleRequest?.value ?? []),
        ),
      ];
      const targets = specifiers.flatMap((specifier) => resolved(file, specifier) ?? []);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Each circle of the graph once, as the files along it (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    lowest.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    const selfImport = graph.get(file)?.includes(file) ?? false;
    if (component.length > 1 || selfImport) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the server sources', () => {
  it('import one another in no circle', () => {
    const graph = importGraph(sourceFiles(SOURCE));
    const found = circles(graph).map((files) => files.map((file) => path.relative(SOURCE, file)));
    expect(found).toEqual([]);
  });

  it('finds a circle made by a type-only import and a re-export', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'examiq-circles-'));
    try {
      writeFileSync(path.join(folder, 'config.ts'), "import type { Schedule } from './backup';\n");
      writeFileSync(path.join(folder, 'backup.ts'), "export { type Config } from './config';\n");
      writeFileSync(path.join(folder, 'apart.ts'), "import { Config } from './config';\n");
      expect(circles(importGraph(sourceFiles(folder)))).toEqual([
        [path.join(folder, 'backup.ts'), path.join(folder, 'config.ts')],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
