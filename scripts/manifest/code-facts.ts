import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import {
  createSourceProgram,
  type ElementSource,
  elementSources,
  literalText,
  repoPath,
  rootDir,
  walk,
} from './source-program';

/*
 * What the code itself says each element takes, dispatches and exposes, read from the sources rather than
 * from any list kept by hand: the manifest test compares the JSDoc-built manifest with these facts, so a
 * new attribute, event or part that nobody documented fails the test.
 */

export interface CodeFacts {
  tag: string;
  folder: string;
  /** Attribute name (kebab-case) → the r2wc type it is parsed as: the common ones and the element's map. */
  attributes: Map<string, string>;
  /** `vendor-*` events the element's code dispatches (the portal: also those of the elements it renders). */
  events: Set<string>;
  /** The shape of `detail` at each place an event is dispatched, as the type checker infers it. */
  details: Map<string, DetailShape[]>;
  /** `part` names written literally in the element's sources and the shared UI they import. */
  parts: Set<string>;
  /** Parts built from a template (`thread-${via}`): each must match at least one documented part. */
  partPatterns: RegExp[];
  /** `part` values the reader cannot resolve (not a literal): the test rejects them. */
  unreadableParts: string[];
  /** Every `--vendor-*` custom property named in the CSS the element renders (base tokens included). */
  cssProperties: Set<string>;
  /** Tags of other elements this one renders (the portal's routes and dashboard). */
  children: Set<string>;
}

/** The top-level keys of an object `detail` (sorted), or `null` for a `null` detail. */
export type DetailShape = string[] | null;

/** The tag each `defineOnce('vendor-…', …)` call in the shipped sources registers, with its file. */
export interface Registration {
  tag: string;
  file: string;
}

const camelToKebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function isRepoSource(file: ts.SourceFile): boolean {
  return (
    file.fileName.startsWith(rootDir) && !file.fileName.includes('/node_modules/') && !file.isDeclarationFile
  );
}

/** An expression without the `as …`, `satisfies …` and parentheses around it. */
function unwrap(node: ts.Expression): ts.Expression {
  let inner = node;
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner))
    inner = inner.expression;
  return inner;
}

/** The `{ name: 'type' }` pairs of an object literal, skipping spreads. */
function typeMap(literal: ts.ObjectLiteralExpression): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const property of literal.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const value = literalText(property.initializer);
    if (value !== undefined) pairs.set(camelToKebab(property.name.getText()), value);
  }
  return pairs;
}

/** The object literal given as `key` in a call's options argument (`createVendorElement(View, { attributes })`). */
function optionLiteral(call: ts.CallExpression, key: string): ts.ObjectLiteralExpression | undefined {
  for (const argument of call.arguments) {
    if (!ts.isObjectLiteralExpression(argument)) continue;
    for (const property of argument.properties) {
      if (!ts.isPropertyAssignment(property) || property.name.getText() !== key) continue;
      const value = unwrap(property.initializer);
      if (ts.isObjectLiteralExpression(value)) return value;
    }
  }
  return undefined;
}

function calls(file: ts.SourceFile, callee: string): ts.CallExpression[] {
  const found: ts.CallExpression[] = [];
  walk(file, (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === callee)
      found.push(node);
  });
  return found;
}

/** `api-base` and `theme`: the props every element is given in shared/element/create-element.tsx. */
function commonAttributes(program: ts.Program): Map<string, string> {
  const file = program.getSourceFile(resolve(rootDir, 'shared/element/create-element.tsx'));
  if (!file) throw new Error('shared/element/create-element.tsx is not in the program');
  let found: Map<string, string> | undefined;
  walk(file, (node) => {
    if (!ts.isPropertyAssignment(node) || node.name.getText() !== 'props') return;
    const value = unwrap(node.initializer);
    if (ts.isObjectLiteralExpression(value)) found = typeMap(value);
  });
  if (!found) throw new Error('create-element.tsx no longer passes a `props` map to r2wc');
  return found;
}

/**
 * The repository files an entry file reaches. A named import is followed to the file that declares the
 * name (through barrels such as shared/ui/index.ts), so an element that imports `Button` from the UI
 * barrel reaches Button.tsx and not every primitive; type-only imports are not followed. CSS imported
 * `?inline` is collected apart.
 */
function reachable(program: ts.Program, entry: ts.SourceFile): { code: ts.SourceFile[]; css: string[] } {
  const checker = program.getTypeChecker();
  const seen = new Set<ts.SourceFile>();
  const css = new Set<string>();
  const queue: ts.SourceFile[] = [entry];

  const add = (file: ts.SourceFile | undefined) => {
    if (file && isRepoSource(file) && !seen.has(file)) queue.push(file);
  };
  const moduleFile = (specifier: string, from: ts.SourceFile) => {
    const resolved = ts.resolveModuleName(specifier, from.fileName, program.getCompilerOptions(), ts.sys)
      .resolvedModule?.resolvedFileName;
    return resolved ? program.getSourceFile(resolved) : undefined;
  };
  const followName = (name: ts.Identifier) => {
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (!symbol || !(symbol.flags & ts.SymbolFlags.Value)) return;
    for (const declaration of symbol.declarations ?? []) add(declaration.getSourceFile());
  };

  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const current = file;
    for (const statement of current.statements) {
      if (ts.isImportDeclaration(statement)) {
        const specifier = literalText(statement.moduleSpecifier);
        const clause = statement.importClause;
        if (!specifier || clause?.isTypeOnly) continue;
        if (/\.css(\?|$)/.test(specifier)) {
          css.add(resolve(dirname(current.fileName), specifier.replace(/\?.*$/, '')));
          continue;
        }
        const target = moduleFile(specifier, current);
        if (!clause || (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))) add(target);
        if (clause?.name) followName(clause.name);
        if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings))
          for (const element of clause.namedBindings.elements)
            if (!element.isTypeOnly) followName(element.name);
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
        const specifier = literalText(statement.moduleSpecifier);
        if (specifier) add(moduleFile(specifier, current));
      }
    }
    // Lazily loaded modules (`import('./PaymentForm')`) render inside the element as well.
    walk(current, (node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const specifier = literalText(node.arguments[0]);
        if (specifier) add(moduleFile(specifier, current));
      }
    });
  }
  return { code: [...seen], css: [...css] };
}

interface Dispatch {
  event: string;
  detail: DetailShape;
}

function detailShape(checker: ts.TypeChecker, detail: ts.Expression | undefined): DetailShape {
  if (!detail) return null;
  const type = checker.getTypeAtLocation(detail);
  if (type.flags & ts.TypeFlags.Null) return null;
  return type
    .getProperties()
    .map((property) => property.name)
    .sort();
}

/** `vendor-*` events a file dispatches: `emit('vendor-…', detail)`, and `vendor-navigate` ({path}) when it announces a path. */
function eventsIn(file: ts.SourceFile, checker: ts.TypeChecker): Dispatch[] {
  const events: Dispatch[] = [];
  const announceNames = new Set(['announceNavigation']);
  walk(file, (node) => {
    // `const { announceNavigation: announce } = useElementHost()` calls it under another name.
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText() === 'announceNavigation')
      announceNames.add(node.name.getText());
  });
  walk(file, (node) => {
    if (!ts.isCallExpression(node)) return;
    const callee = node.expression;
    const name = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : '';
    const first = literalText(node.arguments[0]);
    if (name === 'emit' && first?.startsWith('vendor-'))
      events.push({ event: first, detail: detailShape(checker, node.arguments[1]) });
    if (announceNames.has(name)) events.push({ event: 'vendor-navigate', detail: ['path'] });
  });
  return events;
}

interface PartsFound {
  names: string[];
  patterns: RegExp[];
  unreadable: string[];
}

/** The `part="…"` attributes of a file's JSX, a literal or a template (`thread thread-${via}`). */
function partsIn(file: ts.SourceFile): PartsFound {
  const found: PartsFound = { names: [], patterns: [], unreadable: [] };
  const hole = '\u0000';
  walk(file, (node) => {
    if (!ts.isJsxAttribute(node) || node.name.getText() !== 'part' || !node.initializer) return;
    let value: ts.Node = node.initializer;
    if (ts.isJsxExpression(value) && value.expression) value = value.expression;
    let text = literalText(value);
    if (text === undefined && ts.isTemplateExpression(value))
      text = value.head.text + value.templateSpans.map((span) => hole + span.literal.text).join('');
    if (text === undefined) {
      found.unreadable.push(`${repoPath(file.fileName)}: part=${value.getText()}`);
      return;
    }
    for (const token of text.split(/\s+/).filter(Boolean)) {
      if (!token.includes(hole)) found.names.push(token);
      else {
        const source = token
          .split(hole)
          .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[a-z0-9-]+');
        found.patterns.push(new RegExp(`^${source}$`));
      }
    }
  });
  return found;
}

/** Every `--vendor-*` name a stylesheet mentions. */
function cssPropertiesIn(cssFile: string): string[] {
  return readFileSync(cssFile, 'utf8').match(/--vendor-[a-z0-9-]+/g) ?? [];
}

/** String literals naming another element (`'vendor-news'`) in a file: elements it renders. */
function elementTagsIn(file: ts.SourceFile, tags: Set<string>): string[] {
  const found: string[] = [];
  walk(file, (node) => {
    const text = literalText(node);
    if (text && tags.has(text)) found.push(text);
  });
  return found;
}

function registeredTag(program: ts.Program, source: ElementSource): string {
  const file = program.getSourceFile(source.defineFile);
  const [call] = file ? calls(file, 'defineOnce') : [];
  const tag = literalText(call?.arguments[0]);
  if (!tag) throw new Error(`${repoPath(source.defineFile)} does not call defineOnce('vendor-…', …)`);
  return tag;
}

/** Reads the facts of every element under widgets/. */
export function readCodeFacts(): CodeFacts[] {
  const sources = elementSources();
  const program = createSourceProgram([
    resolve(rootDir, 'shared/element/create-element.tsx'),
    ...sources.flatMap((source) => [source.elementFile, source.defineFile]),
  ]);
  // Creating the checker binds every file, which sets the parent links `getText()` needs.
  program.getTypeChecker();
  const common = commonAttributes(program);
  const tags = new Set(sources.map((source) => registeredTag(program, source)));

  const facts = sources.map((source): CodeFacts => {
    const tag = registeredTag(program, source);
    const entry = program.getSourceFile(source.elementFile);
    if (!entry) throw new Error(`${repoPath(source.elementFile)} is not in the program`);
    const [create] = calls(entry, 'createVendorElement');
    if (!create) throw new Error(`${repoPath(source.elementFile)} does not call createVendorElement`);
    const own = optionLiteral(create, 'attributes');
    const { code, css } = reachable(program, entry);
    const parts = code.map(partsIn);
    const dispatches = code.flatMap((file) => eventsIn(file, program.getTypeChecker()));
    const details = new Map<string, DetailShape[]>();
    for (const { event, detail } of dispatches) details.set(event, [...(details.get(event) ?? []), detail]);
    return {
      tag,
      folder: source.folder,
      attributes: new Map([...common, ...(own ? typeMap(own) : [])]),
      events: new Set(details.keys()),
      details,
      parts: new Set(parts.flatMap((found) => found.names)),
      partPatterns: parts.flatMap((found) => found.patterns),
      unreadableParts: parts.flatMap((found) => found.unreadable),
      cssProperties: new Set(css.flatMap(cssPropertiesIn)),
      children: new Set(code.flatMap((file) => elementTagsIn(file, tags)).filter((child) => child !== tag)),
    };
  });

  // Events are composed: those of the elements an element renders reach its host's listeners too.
  const byTag = new Map(facts.map((fact) => [fact.tag, fact]));
  for (const fact of facts)
    for (const child of fact.children)
      for (const event of byTag.get(child)?.events ?? []) fact.events.add(event);
  return facts;
}

/** Every `defineOnce('vendor-…')` in the shipped sources (widgets/, shared/, portal/), tests excluded. */
export function readRegistrations(): Registration[] {
  const files = ts.sys
    .readDirectory(
      rootDir,
      ['.ts', '.tsx'],
      ['**/node_modules'],
      ['widgets/**/*', 'shared/**/*', 'portal/**/*'],
    )
    .filter((file) => !/\.test\.|\.stories\./.test(file));
  const registrations: Registration[] = [];
  for (const fileName of files) {
    const text = readFileSync(fileName, 'utf8');
    if (!text.includes('defineOnce(')) continue;
    const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
    for (const call of calls(file, 'defineOnce')) {
      const tag = literalText(call.arguments[0]);
      if (tag?.startsWith('vendor-')) registrations.push({ tag, file: repoPath(fileName) });
    }
  }
  return registrations;
}
