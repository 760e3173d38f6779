/**
 * The part of the custom-elements-manifest schema (2.x) the docs pages read. `npm run build` writes
 * dist/custom-elements.json from the elements' JSDoc (scripts/custom-elements-manifest.ts).
 */
export interface ManifestEntry {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}

export interface ElementDeclaration {
  tagName?: string;
  summary?: string;
  description?: string;
  attributes?: ManifestEntry[];
  events?: ManifestEntry[];
  cssProperties?: ManifestEntry[];
  cssParts?: ManifestEntry[];
  slots?: ManifestEntry[];
}

export interface CustomElementsManifest {
  schemaVersion: string;
  modules: { declarations?: ElementDeclaration[] }[];
}

/** The declaration of `tag`, or null when the manifest is missing or does not list it. */
export function findElement(manifest: CustomElementsManifest | null, tag: string): ElementDeclaration | null {
  for (const module of manifest?.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.tagName === tag) return declaration;
    }
  }
  return null;
}
