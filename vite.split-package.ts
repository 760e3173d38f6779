import { readFileSync } from 'node:fs';
import { type ConfigEnv, type Plugin, parseAst, type UserConfig } from 'vite';

/**
 * Splits a flat ES module package (one file of top-level declarations and one `export {…}` list, as
 * valibot ships) into one virtual module per declaration.
 *
 * Why: a bundler places a module in exactly one chunk, so a package shipped as a single file lands, with
 * every function any element uses, in the chunk every element loads. Valibot's `pipe`, `regex`, `email`
 * … of the sign-in and checkout forms then cost every visitor of `<vendor-news>`, which only needs
 * `object`, `array`, `string` and `safeParse`. One module per declaration lets the bundler put each
 * function in the chunk of exactly the elements that call it. The code is the package's own, unchanged.
 *
 * Top-level `let`/`var` bindings (valibot's global config and message stores) stay in one module with
 * every function that assigns them, since an imported binding cannot be assigned.
 */
export function splitPackage(packageName: string): Plugin[] {
  const facadeId = `\0split:${packageName}`;
  const partPrefix = `${facadeId}/part-`;
  let file: string | null = null;
  let parts: SplitModule | null = null;

  const split = (): SplitModule => {
    if (!file) throw new Error(`split-package: ${packageName} was not resolved`);
    parts ??= splitDeclarations(readFileSync(file, 'utf8'), partPrefix);
    return parts;
  };

  const resolveParts: Plugin = {
    name: 'split-package:resolve',
    enforce: 'pre',
    apply: isLibraryBuild,
    async resolveId(source, importer, options) {
      if (source === packageName) {
        // The file the bundler would have used (the ES module build), found by its own resolution.
        file ??= (await this.resolve(source, importer, { ...options, skipSelf: true }))?.id ?? null;
        return { id: facadeId, moduleSideEffects: false };
      }
      if (source.startsWith(partPrefix)) return { id: source, moduleSideEffects: false };
      return null;
    },
    load(id) {
      if (id === facadeId) return split().facade;
      if (id.startsWith(partPrefix)) return split().parts.get(id) ?? null;
      return null;
    },
  };

  // After TypeScript is stripped: our modules import the parts they call instead of the whole facade,
  // so the module graph (and the runtime chunk computed from it) names exactly the functions used.
  const importParts: Plugin = {
    name: 'split-package:imports',
    apply: isLibraryBuild,
    async transform(code, id) {
      if (id.startsWith('\0') || id.includes('/node_modules/') || !code.includes(packageName)) return null;
      if (!(await this.resolve(packageName, id))) return null;
      const rewritten = importPartsDirectly(code, packageName, split().exportedFrom);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };

  return [resolveParts, importParts];
}

/**
 * Rewrites `import * as v from 'valibot'` (used as `v.object(…)`) and `import { object } from 'valibot'`
 * into imports from the parts. `v.object` becomes `v$object`, the same length, and the new imports stay
 * on the import's line, so every other position (and the source map) is unchanged. Returns null (the
 * facade import is kept, which is correct, only coarser) when the namespace is used in any other way.
 */
function importPartsDirectly(
  code: string,
  packageName: string,
  exportedFrom: Map<string, { part: string; local: string }>,
): string | null {
  const program = parseAst(code) as unknown as { body: Node[] };
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || (statement.source as Node).value !== packageName) continue;
    const wanted = new Map<string, string[]>();
    const want = (name: string, as: string) => {
      const source = exportedFrom.get(name);
      if (!source) throw new Error(`split-package: ${packageName} has no export ${name}`);
      const binding = source.local === as ? as : `${source.local} as ${as}`;
      const bindings = wanted.get(source.part) ?? [];
      if (!bindings.includes(binding)) wanted.set(source.part, [...bindings, binding]);
    };
    for (const specifier of statement.specifiers as Node[]) {
      const local = nameOf(specifier.local as Node);
      if (specifier.type === 'ImportSpecifier') want(nameOf(specifier.imported as Node), local);
      else if (specifier.type === 'ImportNamespaceSpecifier') {
        const members = namespaceMembers(program, local, code);
        if (!members) return null;
        for (const member of members) {
          want(
            code.slice(member.start + local.length + 1, member.end),
            `${local}$${code.slice(member.start + local.length + 1, member.end)}`,
          );
          edits.push({ start: member.start + local.length, end: member.start + local.length + 1, text: '$' });
        }
      } else return null;
    }
    const imports = [...wanted].map(
      ([part, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(part)};`,
    );
    edits.push({ start: statement.start, end: statement.end, text: imports.join(' ') });
  }
  if (edits.length === 0) return null;
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** Every `ns.member` of a namespace import, or null when `ns` is used any other way (or spelt oddly). */
function namespaceMembers(program: { body: Node[] }, namespace: string, code: string): Node[] | null {
  const members: Node[] = [];
  let otherUse = false;
  const visit = (node: unknown, parent: Node | null, key: string): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent, key);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const current = node as Node;
    if (current.type === 'ImportDeclaration') return;
    if (current.type === 'MemberExpression' && !current.computed) {
      const object = current.object as Node;
      const property = current.property as Node;
      if (object.type === 'Identifier' && object.name === namespace && property.type === 'Identifier') {
        if (code.slice(current.start, current.end) !== `${namespace}.${property.name}`) otherUse = true;
        members.push(current);
        return;
      }
    }
    if (current.type === 'Identifier' && current.name === namespace && !isPropertyName(parent, key))
      otherUse = true;
    for (const [childKey, child] of Object.entries(current)) {
      if (childKey !== 'type' && childKey !== 'start' && childKey !== 'end') visit(child, current, childKey);
    }
  };
  visit(program.body, null, 'body');
  return otherUse ? null : members;
}

function isPropertyName(parent: Node | null, key: string): boolean {
  if (!parent) return false;
  if (key === 'property' && parent.type === 'MemberExpression' && !parent.computed) return true;
  return key === 'key' && isNamedMember(parent);
}

/**
 * Only library builds (the embed build): Storybook's builder also reads vite.config.ts, and a dev server
 * gains nothing from hundreds of small modules.
 */
function isLibraryBuild(config: UserConfig, { command }: ConfigEnv): boolean {
  return command === 'build' && Boolean(config.build?.lib);
}

interface SplitModule {
  /** Re-exports the package's public names from the parts, under their public names. */
  facade: string;
  parts: Map<string, string>;
  /** Public name → the part that declares it and its name there (`enum` → `enum_`). */
  exportedFrom: Map<string, { part: string; local: string }>;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

interface Declaration {
  node: Node;
  names: string[];
  references: Set<string>;
  assigns: Set<string>;
}

function splitDeclarations(code: string, partPrefix: string): SplitModule {
  const program = parseAst(code) as unknown as { body: Node[] };
  const declarations: Declaration[] = [];
  const exported: Array<{ local: string; exported: string }> = [];

  for (const statement of program.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.declaration && !statement.source) {
      for (const specifier of statement.specifiers as Array<{ local: Node; exported: Node }>) {
        exported.push({ local: nameOf(specifier.local), exported: nameOf(specifier.exported) });
      }
    } else {
      declarations.push({
        node: statement,
        names: declaredNames(statement),
        references: new Set(),
        assigns: new Set(),
      });
    }
  }

  const owner = new Map<string, number>();
  declarations.forEach((declaration, index) => {
    for (const name of declaration.names) owner.set(name, index);
  });
  for (const declaration of declarations) collectReferences(declaration.node, declaration, owner);

  // Union-find: a declaration that assigns a top-level binding lives in the same part as it.
  const parent = declarations.map((_, index) => index);
  const root = (index: number): number => {
    let current = index;
    while (parent[current] !== current) current = parent[current] as number;
    return current;
  };
  declarations.forEach((declaration, index) => {
    for (const name of declaration.assigns) parent[root(index)] = root(owner.get(name) as number);
  });

  const groups = new Map<number, number[]>();
  declarations.forEach((_, index) => {
    const group = root(index);
    groups.set(group, [...(groups.get(group) ?? []), index]);
  });
  const partOf = (name: string) => `${partPrefix}${root(owner.get(name) as number)}`;

  const parts = new Map<string, string>();
  for (const [group, members] of groups) {
    const declared = new Set(members.flatMap((index) => (declarations[index] as Declaration).names));
    const imports = new Map<string, string[]>();
    for (const index of members) {
      for (const name of (declarations[index] as Declaration).references) {
        if (declared.has(name)) continue;
        const from = partOf(name);
        if (!imports.get(from)?.includes(name)) imports.set(from, [...(imports.get(from) ?? []), name]);
      }
    }
    const lines = [...imports].map(
      ([from, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(from)};`,
    );
    for (const index of members) {
      const { node } = declarations[index] as Declaration;
      lines.push(code.slice(node.start, node.end));
    }
    lines.push(`export { ${[...declared].join(', ')} };`);
    parts.set(`${partPrefix}${group}`, lines.join('\n'));
  }

  const exportedFrom = new Map(
    exported.map(({ local, exported: name }) => [name, { part: partOf(local), local }] as const),
  );
  const facade = exported
    .map(
      ({ local, exported: name }) =>
        `export { ${local === name ? local : `${local} as ${name}`} } from ${JSON.stringify(partOf(local))};`,
    )
    .join('\n');
  return { facade, parts, exportedFrom };
}

function nameOf(node: Node): string {
  if (node.type === 'Identifier') return node.name as string;
  throw new Error(`split-package: unexpected ${node.type} in an export list`);
}

function declaredNames(statement: Node): string[] {
  switch (statement.type) {
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      return [nameOf(statement.id as Node)];
    case 'VariableDeclaration':
      return (statement.declarations as Array<{ id: Node }>).map((declarator) => nameOf(declarator.id));
    default:
      // Anything else (a side effect at the top level) cannot be split safely.
      throw new Error(`split-package: unexpected top-level ${statement.type}`);
  }
}

/**
 * Every identifier that may name a top-level binding, and the top-level `let`/`var` bindings assigned.
 * Local names that shadow a top-level one are counted too: the import this adds is unused, and the
 * bundler drops it, so over-counting costs nothing while missing one would break at run time.
 */
function collectReferences(node: unknown, into: Declaration, owner: Map<string, number>): void {
  if (Array.isArray(node)) {
    for (const child of node) collectReferences(child, into, owner);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const current = node as Node;
  if (current.type === 'Identifier') {
    if (owner.has(current.name as string)) into.references.add(current.name as string);
    return;
  }
  if (current.type === 'AssignmentExpression' || current.type === 'UpdateExpression') {
    const target = (current.left ?? current.argument) as Node;
    if (target.type === 'Identifier' && owner.has(target.name as string))
      into.assigns.add(target.name as string);
  }
  for (const [key, child] of Object.entries(current)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    // `a.b` and `{ b: … }` name a property, not a binding.
    if (key === 'property' && current.type === 'MemberExpression' && !current.computed) continue;
    if (key === 'key' && isNamedMember(current)) continue;
    collectReferences(child, into, owner);
  }
}

function isNamedMember(node: Node): boolean {
  return (
    (node.type === 'Property' && !node.computed && !node.shorthand) ||
    ((node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') && !node.computed)
  );
}
