/** Where the examples say the portal runs; the same origin as README's "Embed an element". */
export const exampleOrigin = 'https://portal.example.com';

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * What a CMS editor pastes: the loader once per page, then the element with its attributes. `api-base`
 * comes first and always, because a page on another origin must name the portal's API.
 */
export function pasteSnippet(tag: string, attributes: Record<string, string> = {}): string {
  const all = { 'api-base': `${exampleOrigin}/api/v1`, ...attributes };
  const rendered = Object.entries(all)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return [
    `<script type="module" src="${exampleOrigin}/widgets/loader.js"></script>`,
    '',
    `<${tag}${rendered}></${tag}>`,
  ].join('\n');
}
