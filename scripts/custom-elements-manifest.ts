import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildManifest, declarationOf, type Package } from './manifest/build';
import { designTokens } from './manifest/design-tokens';
import { type ElementDoc, readElementDoc, withRenderedEvents } from './manifest/jsdoc';
import {
  elementsMarkdown,
  eventsMarkdown,
  partsMarkdown,
  replaceRegion,
  tokensMarkdown,
} from './manifest/markdown';
import { elementSources, rootDir } from './manifest/source-program';

/*
 * `npm run build:manifest`: reads the JSDoc block of every widgets/<name>/element.ts and writes
 * dist/custom-elements.json (published with the package) and the element reference in docs/.
 */

export const manifestPath = 'dist/custom-elements.json';

/** Every element's documentation, the events of the elements it renders included. */
export function readElementDocs(): ElementDoc[] {
  return withRenderedEvents(elementSources().map(readElementDoc));
}

export function renderManifest(docs = readElementDocs()): Package {
  return buildManifest(docs, designTokens());
}

/** The docs files as they should read, by repository path. */
export function renderDocs(docs = readElementDocs()): Map<string, string> {
  const tokens = designTokens();
  // docs/elements.md lists each element's own @cssprop lines; the manifest has every token per element.
  const current = (path: string) => readFileSync(join(rootDir, path), 'utf8');
  const withTokens = docs.map((doc) => ({
    ...doc,
    cssProperties: declarationOf(doc, tokens).cssProperties.filter((property) =>
      doc.cssProperties.some((own) => own.name === property.name),
    ),
  }));
  let theming = current('docs/theming.md');
  theming = replaceRegion(theming, 'tokens', tokensMarkdown(tokens));
  theming = replaceRegion(theming, 'parts', partsMarkdown(docs));
  return new Map([
    ['docs/elements.md', elementsMarkdown(withTokens)],
    ['docs/theming.md', theming],
    ['docs/events.md', replaceRegion(current('docs/events.md'), 'events', eventsMarkdown(docs))],
  ]);
}

function write(path: string, text: string): void {
  const absolute = join(rootDir, path);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const docs = readElementDocs();
  write(manifestPath, `${JSON.stringify(renderManifest(docs), null, 2)}\n`);
  for (const [path, text] of renderDocs(docs)) write(path, text);
  console.log(`${manifestPath}: ${docs.length} elements; docs/elements.md, docs/theming.md, docs/events.md`);
}
