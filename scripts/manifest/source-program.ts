import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The repository root, from which every path in the manifest and the docs is written. */
export const rootDir = resolve(import.meta.dirname, '../..');

/** A repository path with forward slashes (`widgets/news/element.ts`), the same on every machine. */
export function repoPath(absolute: string): string {
  return relative(rootDir, absolute).split('\\').join('/');
}

/** One element as the code wires it: `widgets/<folder>/define.ts` registers `element.ts`'s class. */
export interface ElementSource {
  /** The widget folder name, e.g. `payment-result`. */
  folder: string;
  /** Absolute path of `widgets/<folder>/element.ts`. */
  elementFile: string;
  /** Absolute path of `widgets/<folder>/define.ts`. */
  defineFile: string;
}

/** Every widget folder that has both an `element.ts` and a `define.ts`, sorted by name. */
export function elementSources(): ElementSource[] {
  const widgetsDir = join(rootDir, 'widgets');
  return readdirSync(widgetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      folder: entry.name,
      elementFile: join(widgetsDir, entry.name, 'element.ts'),
      defineFile: join(widgetsDir, entry.name, 'define.ts'),
    }))
    .filter((source) => existsSync(source.elementFile) && existsSync(source.defineFile))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/**
 * A TypeScript program over the given entry files with the project's compiler options: the entries'
 * imports are followed, so the checker can resolve a named import through barrels to its declaration.
 * Nothing is type-checked or emitted.
 */
export function createSourceProgram(entries: string[]): ts.Program {
  const configPath = join(rootDir, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  return ts.createProgram({ rootNames: entries, options: { ...parsed.options, noEmit: true } });
}

/** The text of a string-like literal (`'a'`, `"a"`, `` `a` `` without substitutions), else undefined. */
export function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

/** Every node of a source file, depth first. */
export function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}
