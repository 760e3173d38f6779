import type { DesignToken } from './design-tokens';
import type { ElementDoc, TagEntry } from './jsdoc';

/*
 * The custom elements manifest (schema 2.x, https://github.com/webcomponents/custom-elements-manifest):
 * one module per shipped entry `dist/widgets/vendor-<name>.js`, which declares the element's class and
 * defines its tag. Only the fields this package fills are typed here.
 */

export interface TypeText {
  text: string;
}

export interface Attribute {
  name: string;
  type?: TypeText;
  default?: string;
  description: string;
  fieldName: string;
}

export interface Field {
  kind: 'field';
  name: string;
  type?: TypeText;
  default?: string;
  description: string;
  attribute?: string;
  reflects?: boolean;
}

export interface Event {
  name: string;
  type: TypeText;
  description: string;
}

export interface NamedDoc {
  name: string;
  description: string;
  default?: string;
}

export interface CustomElementDeclaration {
  kind: 'class';
  name: string;
  tagName: string;
  customElement: true;
  summary: string;
  description: string;
  superclass: { name: string; package: string };
  attributes: Attribute[];
  members: Field[];
  events: Event[];
  cssProperties: NamedDoc[];
  cssParts: NamedDoc[];
  slots: NamedDoc[];
}

export interface Module {
  kind: 'javascript-module';
  path: string;
  declarations: CustomElementDeclaration[];
  exports: {
    kind: 'custom-element-definition';
    name: string;
    declaration: { name: string; module: string };
  }[];
}

export interface Package {
  schemaVersion: string;
  readme: string;
  modules: Module[];
}

const kebabToCamel = (name: string) =>
  name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

function optional<T extends object>(value: string | undefined, make: (value: string) => T): T | object {
  return value === undefined ? {} : make(value);
}

function attribute(entry: TagEntry): Attribute {
  return {
    name: entry.name,
    ...optional(entry.type, (text) => ({ type: { text } })),
    ...optional(entry.default, (value) => ({ default: value })),
    description: entry.description,
    fieldName: kebabToCamel(entry.name),
  };
}

/** r2wc defines a property per attribute (camelCase) that sets and reflects it. */
function attributeField(entry: TagEntry): Field {
  return {
    kind: 'field',
    name: kebabToCamel(entry.name),
    ...optional(entry.type, (text) => ({ type: { text: `${text} | undefined` } })),
    ...optional(entry.default, (value) => ({ default: value })),
    description: entry.description,
    attribute: entry.name,
    reflects: true,
  };
}

function propertyField(entry: TagEntry): Field {
  return {
    kind: 'field',
    name: entry.name,
    ...optional(entry.type, (text) => ({ type: { text } })),
    ...optional(entry.default, (value) => ({ default: value })),
    description: entry.description,
  };
}

/**
 * Every token of base.css applies to every element (they are set on its `:host`); an element's own
 * `@cssprop` line replaces the general description (and default) with what it means there.
 */
function cssProperties(doc: ElementDoc, tokens: DesignToken[]): NamedDoc[] {
  const own = new Map(doc.cssProperties.map((entry) => [entry.name, entry]));
  const shared = tokens.map((token): NamedDoc => {
    const mine = own.get(token.name);
    return {
      name: token.name,
      description: mine?.description || token.description,
      default: mine?.default ?? token.value,
    };
  });
  const extra = doc.cssProperties
    .filter((entry) => !tokens.some((token) => token.name === entry.name))
    .map(
      (entry): NamedDoc => ({
        name: entry.name,
        description: entry.description,
        ...optional(entry.default, (value) => ({ default: value })),
      }),
    );
  return [...shared, ...extra];
}

export function shippedModulePath(doc: ElementDoc): string {
  return `dist/widgets/vendor-${doc.folder}.js`;
}

export function declarationOf(doc: ElementDoc, tokens: DesignToken[]): CustomElementDeclaration {
  return {
    kind: 'class',
    name: doc.className,
    tagName: doc.tagName,
    customElement: true,
    summary: doc.summary,
    description: doc.description,
    superclass: { name: 'HTMLElement', package: 'global:' },
    attributes: doc.attributes.map(attribute),
    members: [...doc.attributes.map(attributeField), ...doc.properties.map(propertyField)],
    events: doc.events.map((entry) => ({
      name: entry.name,
      type: { text: `CustomEvent<${entry.type ?? 'unknown'}>` },
      description: entry.description,
    })),
    cssProperties: cssProperties(doc, tokens),
    cssParts: doc.cssParts.map((entry) => ({ name: entry.name, description: entry.description })),
    slots: doc.slots.map((entry) => ({ name: entry.name, description: entry.description })),
  };
}

export function buildManifest(docs: ElementDoc[], tokens: DesignToken[]): Package {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: docs.map((doc): Module => {
      const path = shippedModulePath(doc);
      return {
        kind: 'javascript-module',
        path,
        declarations: [declarationOf(doc, tokens)],
        exports: [
          {
            kind: 'custom-element-definition',
            name: doc.tagName,
            declaration: { name: doc.className, module: path },
          },
        ],
      };
    }),
  };
}
