import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { type ElementSource, repoPath } from './source-program';

/*
 * Reads the JSDoc block above the exported element class in `widgets/<name>/element.ts`. Tags:
 *
 *   @tagname vendor-news                          the element's name
 *   @summary One sentence.
 *   @attr {type} name - text                      an attribute; `[name=value]` gives its default
 *   @prop {type} name - text                      a property that is not an attribute's
 *   @fires {DetailType} vendor-name - text        an event; the braces hold the type of `detail`
 *   @cssprop [--vendor-name=value] - text         a custom property the element reads
 *   @csspart name - text                          a `part` the host may style with ::part(name)
 *   @slot name - text                             a slot (`@slot - text` for the default one)
 *   @renders vendor-a vendor-b                    elements rendered inside: their events reach the host
 *                                                 through this one, and are listed as this one's too
 *   @example                                      the HTML to paste, on the lines that follow
 *
 * A tag's text may continue on the next lines. Everything before the first tag is the description.
 */

export interface TagEntry {
  name: string;
  type?: string;
  default?: string;
  description: string;
  /** For an event passed on from an element rendered inside (`@renders`): that element's tag. */
  from?: string;
}

export interface ElementDoc {
  /** The exported class, e.g. `VendorNewsElement`. */
  className: string;
  /** `widgets/news/element.ts`. */
  sourcePath: string;
  folder: string;
  tagName: string;
  summary: string;
  description: string;
  attributes: TagEntry[];
  properties: TagEntry[];
  events: TagEntry[];
  cssProperties: TagEntry[];
  cssParts: TagEntry[];
  slots: TagEntry[];
  /** Tags of the elements rendered inside (`@renders`). */
  renders: string[];
  /** The snippet to paste, lines kept. */
  example: string;
}

/** The lines of a `/** … *\/` block without the comment markers. */
function commentLines(block: string): string[] {
  return block
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
}

/** Splits `{ a: { b } }[] rest` into the balanced braces' content and the rest. */
function takeType(text: string): { type?: string; rest: string } {
  if (!text.startsWith('{')) return { rest: text };
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    if (text[index] === '}') depth -= 1;
    if (depth === 0) return { type: text.slice(1, index).trim(), rest: text.slice(index + 1).trim() };
  }
  throw new Error(`unbalanced braces in the JSDoc type of "${text}"`);
}

/** `{type} [name=default] - description` (type, default and description optional). */
export function parseTagEntry(text: string): TagEntry {
  const { type, rest } = takeType(text.trim());
  const match = /^(\[[^\]]+\]|[^\s]+)?\s*(?:-\s+)?([\s\S]*)$/.exec(rest);
  const rawName = match?.[1] ?? '';
  const description = (match?.[2] ?? '').trim();
  const optional = /^\[([^=\]]+)(?:=([^\]]*))?\]$/.exec(rawName);
  const entry: TagEntry = { name: optional ? (optional[1] ?? '') : rawName, description };
  if (rawName === '-') entry.name = '';
  if (type) entry.type = type;
  if (optional?.[2] !== undefined) entry.default = optional[2];
  return entry;
}

/** The tags of a comment, each with its text joined from its continuation lines. */
function tagsOf(lines: string[]): { description: string; tags: { tag: string; text: string }[] } {
  const descriptionLines: string[] = [];
  const tags: { tag: string; text: string }[] = [];
  for (const line of lines) {
    const start = /^@(\w+)\s*(.*)$/.exec(line.trim());
    const last = tags.at(-1);
    if (start) tags.push({ tag: start[1] ?? '', text: start[2] ?? '' });
    // An example keeps its lines and indentation; other tags read as one sentence.
    else if (last?.tag === 'example') last.text = last.text ? `${last.text}\n${line}` : line;
    else if (last) last.text = `${last.text} ${line.trim()}`.trim();
    else descriptionLines.push(line);
  }
  // Lines of a paragraph are joined; blank lines separate paragraphs.
  const description = descriptionLines
    .join('\n')
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' '))
    .join('\n\n');
  return { description, tags };
}

/** The JSDoc block of the exported `const Vendor…Element = createVendorElement(…)` of an element.ts. */
function elementComment(fileName: string): { className: string; block: string } {
  const file = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    const [declaration] = statement.declarationList.declarations;
    if (!exported || !declaration || !ts.isIdentifier(declaration.name)) continue;
    const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
    const block = docs.at(-1)?.getText();
    if (block) return { className: declaration.name.text, block };
  }
  throw new Error(`${repoPath(fileName)}: no exported element class with a JSDoc block`);
}

export function readElementDoc(source: ElementSource): ElementDoc {
  const { className, block } = elementComment(source.elementFile);
  const { description, tags } = tagsOf(commentLines(block));
  const all = (...names: string[]) =>
    tags.filter((entry) => names.includes(entry.tag)).map((entry) => parseTagEntry(entry.text));
  const one = (...names: string[]) => tags.find((entry) => names.includes(entry.tag))?.text.trim() ?? '';
  const doc: ElementDoc = {
    className,
    sourcePath: repoPath(source.elementFile),
    folder: source.folder,
    tagName: one('tagname', 'tag', 'element'),
    summary: one('summary'),
    description,
    attributes: all('attr', 'attribute'),
    properties: all('prop', 'property'),
    events: all('fires', 'event'),
    cssProperties: all('cssprop', 'cssproperty'),
    cssParts: all('csspart'),
    slots: all('slot'),
    renders: one('renders')
      .split(/[\s,]+/)
      .filter(Boolean),
    example: one('example'),
  };
  if (!doc.tagName) throw new Error(`${doc.sourcePath}: the JSDoc block has no @tagname`);
  if (!doc.summary) throw new Error(`${doc.sourcePath}: the JSDoc block has no @summary`);
  if (!doc.example) throw new Error(`${doc.sourcePath}: the JSDoc block has no @example`);
  return doc;
}

/**
 * Adds to each element the events of the elements it `@renders` (they are composed, so the host hears
 * them), after its own: an event it documents itself keeps its own description.
 */
export function withRenderedEvents(docs: ElementDoc[]): ElementDoc[] {
  const byTag = new Map(docs.map((doc) => [doc.tagName, doc]));
  return docs.map((doc) => {
    const events = [...doc.events];
    for (const child of doc.renders) {
      const rendered = byTag.get(child);
      if (!rendered) throw new Error(`${doc.sourcePath}: @renders names ${child}, which has no declaration`);
      for (const event of rendered.events) {
        const known = events.find((entry) => entry.name === event.name);
        const said = event.description.replace(/^./, (first) => first.toLowerCase());
        if (!known) events.push({ ...event, description: `From \`<${child}>\`: ${said}`, from: child });
      }
    }
    return { ...doc, events };
  });
}
