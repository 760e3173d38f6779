import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultReserve, reserves } from '../../widgets/reserves';

/**
 * Writes the WordPress plugin's view of the elements from dist/custom-elements.json (`npm run
 * build:manifest`): `wordpress/vendor-portal/elements.json` (tags, titles, reserved heights and the
 * attributes a shortcode or block may set) and one `blocks/<name>/block.json` per element. `api-base`
 * and `theme` come from the plugin's settings, so neither is offered per element.
 */

interface ManifestAttribute {
  name: string;
  type?: { text: string };
  default?: string;
  description?: string;
}
interface ManifestElement {
  tagName: string;
  summary?: string;
  attributes?: ManifestAttribute[];
}
interface Manifest {
  modules: { declarations: ManifestElement[] }[];
}

export interface PluginAttribute {
  attribute: string;
  label: string;
  type: 'string' | 'number' | 'boolean';
  enum: string[] | null;
  default: string | null;
  description: string;
}
export interface PluginElement {
  tag: string;
  title: string;
  description: string;
  reserve: string;
  attributes: Record<string, PluginAttribute>;
}

const fromSettings = new Set(['api-base', 'theme']);

const words = (name: string) => name.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());

function attributeOf(attribute: ManifestAttribute): PluginAttribute {
  const text = attribute.type?.text ?? 'string';
  const literals = text.split('|').map((part) => /^'([^']*)'$/.exec(part.trim())?.[1]);
  const isEnum = literals.every((literal) => literal !== undefined);
  return {
    attribute: attribute.name,
    label: words(attribute.name),
    type: text === 'number' ? 'number' : text === 'boolean' ? 'boolean' : 'string',
    enum: isEnum ? (literals as string[]) : null,
    default: attribute.default ?? null,
    description: (attribute.description ?? '').replace(/`/g, ''),
  };
}

export function pluginElements(manifest: Manifest): Record<string, PluginElement> {
  const elements: Record<string, PluginElement> = {};
  for (const declaration of manifest.modules.flatMap((module) => module.declarations)) {
    const name = declaration.tagName.replace(/^vendor-/, '');
    const attributes: Record<string, PluginAttribute> = {};
    for (const attribute of declaration.attributes ?? []) {
      if (!fromSettings.has(attribute.name))
        attributes[attribute.name.replace(/-/g, '_')] = attributeOf(attribute);
    }
    elements[name] = {
      tag: declaration.tagName,
      title: words(name),
      description: declaration.summary ?? '',
      reserve: reserves[declaration.tagName] ?? defaultReserve,
      attributes,
    };
  }
  return elements;
}

/** block.json of an element's dynamic block: its attributes are the shortcode's, all optional. */
export function blockJson(name: string, element: PluginElement): object {
  const attributes: Record<string, object> = {};
  for (const [key, attribute] of Object.entries(element.attributes)) {
    attributes[key] = {
      type: attribute.type === 'boolean' ? 'boolean' : 'string',
      ...(attribute.enum && { enum: ['', ...attribute.enum] }),
    };
  }
  return {
    $schema: 'https://schemas.wp.org/trunk/block.json',
    apiVersion: 2,
    name: `vendor-portal/${name}`,
    title: element.title,
    category: 'widgets',
    icon: 'store',
    description: element.description,
    keywords: ['vendor', element.tag],
    textdomain: 'vendor-portal',
    attributes,
    supports: { html: false },
    editorScript: 'vendor-portal-blocks',
  };
}

export function writePluginElements(root: string): void {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/custom-elements.json'), 'utf8')) as Manifest;
  const plugin = join(root, 'wordpress/vendor-portal');
  const elements = pluginElements(manifest);
  writeFileSync(join(plugin, 'elements.json'), `${JSON.stringify(elements, null, 2)}\n`);
  rmSync(join(plugin, 'blocks'), { recursive: true, force: true });
  for (const [name, element] of Object.entries(elements)) {
    mkdirSync(join(plugin, 'blocks', name), { recursive: true });
    writeFileSync(
      join(plugin, 'blocks', name, 'block.json'),
      `${JSON.stringify(blockJson(name, element), null, 2)}\n`,
    );
  }
}
