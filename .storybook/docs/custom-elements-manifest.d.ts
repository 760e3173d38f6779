/** dist/custom-elements.json read at build time by the plugin in .storybook/main.ts; null when absent. */
declare module 'virtual:custom-elements-manifest' {
  import type { CustomElementsManifest } from './manifest';

  const manifest: CustomElementsManifest | null;
  export default manifest;
}
