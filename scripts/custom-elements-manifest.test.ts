// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifestPath, readElementDocs, renderDocs, renderManifest } from './custom-elements-manifest';
import type { CustomElementDeclaration, Package } from './manifest/build';
import { type CodeFacts, readCodeFacts, readRegistrations } from './manifest/code-facts';
import { undescribedTokens } from './manifest/design-tokens';
import { documentedShape, manifestGaps } from './manifest/gaps';
import { parseTagEntry } from './manifest/jsdoc';
import { rootDir } from './manifest/source-program';

/*
 * The manifest built from the JSDoc of widgets/<name>/element.ts against what the code says: the
 * attribute map given to createVendorElement, the events its sources emit, the `part` names its JSX and
 * the shared UI it imports write, the custom properties its CSS names, and every defineOnce('vendor-…').
 */

let facts: CodeFacts[];
let manifest: Package;

const declarations = () => manifest.modules.flatMap((module) => module.declarations);
const declarationFor = (tag: string): CustomElementDeclaration => {
  const found = declarations().find((declaration) => declaration.tagName === tag);
  if (!found) throw new Error(`no declaration for ${tag}`);
  return found;
};

beforeAll(() => {
  // Reading the facts builds a TypeScript program over every element: seconds on a busy machine.
  facts = readCodeFacts();
  manifest = renderManifest();
}, 180_000);

describe('custom-elements.json', () => {
  it('declares every element registered with defineOnce, with its definition export', () => {
    const registrations = readRegistrations();
    expect(registrations.length).toBeGreaterThanOrEqual(14);
    for (const { tag, file } of registrations) {
      expect(declarationFor(tag), file).toMatchObject({ customElement: true, kind: 'class' });
      const definition = manifest.modules
        .flatMap((module) => module.exports)
        .find((entry) => entry.kind === 'custom-element-definition' && entry.name === tag);
      expect(definition?.declaration.name, tag).toBe(declarationFor(tag).name);
    }
    expect(
      declarations()
        .map((declaration) => declaration.tagName)
        .sort(),
    ).toEqual([...new Set(registrations.map((registration) => registration.tag))].sort());
  });

  it('documents every attribute, event, part and custom property of each element, and nothing else', () => {
    expect(facts.length).toBe(declarations().length);
    const gaps = facts.flatMap((fact) =>
      manifestGaps(fact, declarationFor(fact.tag)).map((gap) => `<${fact.tag}>: ${gap}`),
    );
    expect(gaps).toEqual([]);
  });

  it('reads the facts from the code: the checkout’s attributes, events and parts', () => {
    const checkout = facts.find((fact) => fact.tag === 'vendor-checkout');
    expect(Object.fromEntries(checkout?.attributes ?? [])).toEqual({
      'api-base': 'string',
      theme: 'string',
      'download-id': 'number',
      'price-id': 'number',
      'portal-url': 'string',
      brand: 'string',
      'brand-logo': 'string',
    });
    expect([...(checkout?.events ?? [])].sort()).toEqual([
      'vendor-cart-changed',
      'vendor-coupon-applied',
      'vendor-navigate',
      'vendor-switch-back',
    ]);
    // Its own parts, and those of the shared UI it imports (Button.tsx), but not of UI it does not (Modal).
    expect(checkout?.parts).toContain('pay-button');
    expect(checkout?.parts).toContain('button');
    expect(checkout?.parts).not.toContain('modal');
    // The portal passes on the events of the elements it renders.
    expect(facts.find((fact) => fact.tag === 'vendor-portal')?.events).toContain('vendor-licence-copied');
    // A part built from a template is a pattern.
    expect(facts.find((fact) => fact.tag === 'vendor-tickets')?.partPatterns.map(String)).toContain(
      '/^thread-[a-z0-9-]+$/',
    );
  });

  it('reports what a declaration lacks or invents', () => {
    const news = facts.find((fact) => fact.tag === 'vendor-news');
    if (!news) throw new Error('no vendor-news');
    const declaration = structuredClone(declarationFor('vendor-news'));
    declaration.attributes = declaration.attributes.filter((attribute) => attribute.name !== 'category');
    declaration.cssParts = declaration.cssParts.filter((part) => part.name !== 'post');
    declaration.cssParts.push({ name: 'footer', description: '' });
    declaration.events.push({ name: 'vendor-news-read', type: { text: 'CustomEvent<{}>' }, description: '' });
    const heading = declaration.attributes.find((attribute) => attribute.name === 'heading');
    if (heading) heading.type = { text: 'number' };
    expect(manifestGaps(news, declaration)).toEqual([
      'attribute category is not documented',
      'attribute heading is parsed as string but documented as number',
      'event vendor-news-read is documented but never dispatched',
      'part post is not documented',
      'part footer is documented but not in the code',
    ]);
  });

  it('reports a detail type that is not what the code dispatches', () => {
    const checkout = facts.find((fact) => fact.tag === 'vendor-checkout');
    if (!checkout) throw new Error('no vendor-checkout');
    const declaration = structuredClone(declarationFor('vendor-checkout'));
    const cartChanged = declaration.events.find((event) => event.name === 'vendor-cart-changed');
    if (cartChanged) cartChanged.type = { text: 'CustomEvent<{ items: string[] }>' };
    expect(manifestGaps(checkout, declaration)).toEqual([
      'event vendor-cart-changed: detail documented as { items: string[] } but dispatched with {items, total}',
    ]);
  });

  it('types every event as a CustomEvent with its detail', () => {
    const cartChanged = declarationFor('vendor-checkout').events.find(
      (event) => event.name === 'vendor-cart-changed',
    );
    expect(cartChanged?.type.text).toBe(
      'CustomEvent<{ items: { download_id: number; price_id: number; name: string; subtotal: number }[]; total: number }>',
    );
  });

  it('gives every base.css token a description, and describes no token base.css lacks', () => {
    expect(undescribedTokens()).toEqual({ missing: [], stale: [] });
    const primary = declarationFor('vendor-news').cssProperties.find(
      (property) => property.name === '--vendor-color-primary',
    );
    expect(primary?.default).toBe('light-dark(#2d4ed8, #8aa4ff)');
    const rowHeight = declarationFor('vendor-licenses').cssProperties.find(
      (property) => property.name === '--vendor-table-row-height',
    );
    expect(rowHeight?.default).toBe('84px');
  });

  it('is published with the package and written by the build', () => {
    const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
    expect(pkg.customElements).toBe(manifestPath);
    expect(pkg.files).toContain(manifestPath);
    expect(pkg.exports['./custom-elements.json']).toBe(`./${manifestPath}`);
    // Written after the widgets it describes, and before the docs site, which reads it.
    expect(pkg.scripts.build).toMatch(/&& npm run build:manifest && npm run build-storybook$/);
  });
});

describe('docs/', () => {
  it('elements.md, and the tables in theming.md and events.md, are what the JSDoc says', () => {
    for (const [path, expected] of renderDocs(readElementDocs()))
      expect(readFileSync(join(rootDir, path), 'utf8'), `${path}: run npm run build:manifest`).toBe(expected);
  });
});

describe('documented detail shapes', () => {
  it('are the outer keys of an object type, null, or unknown for a named type', () => {
    expect(documentedShape("{ items: { a: number; b: 'x;y' }[]; total?: number }")).toEqual([
      'items',
      'total',
    ]);
    expect(documentedShape('{}')).toEqual([]);
    expect(documentedShape('null')).toBeNull();
    expect(documentedShape('SessionUser')).toBeUndefined();
  });
});

describe('JSDoc tag entries', () => {
  it('read a type in nested braces, a default and a description', () => {
    expect(
      parseTagEntry("{{ what: 'url' | 'creative'; value: string }} vendor-copied - After a copy."),
    ).toEqual({
      type: "{ what: 'url' | 'creative'; value: string }",
      name: 'vendor-copied',
      description: 'After a copy.',
    });
    expect(parseTagEntry('{number} [price-id=1] - The tier.')).toEqual({
      type: 'number',
      name: 'price-id',
      default: '1',
      description: 'The tier.',
    });
    expect(parseTagEntry('[--vendor-table-row-height=84px] - Taller rows.')).toEqual({
      name: '--vendor-table-row-height',
      default: '84px',
      description: 'Taller rows.',
    });
  });
});
