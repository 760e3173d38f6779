/**
 * Server HTML (news titles and excerpts, error messages) → plain text. The result is text: render it as
 * text, never inject it as HTML (a decoded '&lt;script&gt;' becomes the literal characters '<script>').
 * Whitespace runs collapse to one space and the ends are trimmed, the same in both paths below.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
};

function collapse(text: string): string {
  // \u00a0 is kept apart from \s so a decoded &nbsp; still glues words ('10&nbsp;MB').
  return text.replace(/[^\S\u00a0]+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // Out-of-range and NUL code points would throw or inject a control character: keep them as written.
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The string path, for Node (the server) where DOMParser does not exist. Script and style bodies are
 * dropped, tags removed, then entities decoded once (decoding before stripping would turn escaped text
 * into tags and strip it).
 */
export function htmlToTextFallback(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  const withoutComments = withoutCode.replace(/<!--[\s\S]*?-->/g, ' ');
  // Block-level breaks become spaces so '<p>a</p><p>b</p>' reads 'a b', not 'ab'.
  const withoutTags = withoutComments
    .replace(/<\/?(p|div|br|li|h[1-6]|tr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return collapse(decodeEntities(withoutTags));
}

/**
 * The browser path: DOMParser builds an inert document (no script runs, no image loads), and the browser
 * decodes every entity. Script and style elements are removed first because their text is not content.
 */
export function htmlToText(html: string): string {
  if (html === '') return '';
  if (typeof DOMParser === 'undefined') return htmlToTextFallback(html);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const node of Array.from(doc.querySelectorAll('script, style'))) node.remove();
  for (const node of Array.from(doc.querySelectorAll('p, div, br, li, h1, h2, h3, h4, h5, h6, tr'))) {
    node.before(' ');
    node.after(' ');
  }
  return collapse(doc.body?.textContent ?? '');
}
