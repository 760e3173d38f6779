/**
 * Server HTML (news titles and excerpts, error messages) → plain text. The result is text: render it as
 * text, never inject it as HTML (a decoded '&lt;script&gt;' becomes the literal characters '<script>').
 * Whitespace runs collapse to one space and the ends are trimmed.
 */

function collapse(text: string): string {
  // \u00a0 is kept apart from \s so a decoded &nbsp; still glues words ('10&nbsp;MB').
  return text.replace(/[^\S\u00a0]+/g, ' ').trim();
}

/**
 * DOMParser builds an inert document (no script runs, no image loads), and the browser decodes every
 * entity. Script and style elements are removed first because their text is not content.
 *
 * Without a DOM (a server render of the React edition) only the tags are removed: the views fetch server
 * HTML in effects, which a server render does not run, so nothing of it reaches that path. An entity
 * table and an HTML tokenizer for it would be ≈ 0.4 KB gzip in every element for no visitor.
 */
export function htmlToText(html: string): string {
  if (html === '') return '';
  if (typeof DOMParser === 'undefined') return collapse(html.replace(/<[^>]*>/g, ' '));
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const node of Array.from(doc.querySelectorAll('script, style'))) node.remove();
  for (const node of Array.from(doc.querySelectorAll('p, div, br, li, h1, h2, h3, h4, h5, h6, tr'))) {
    node.before(' ');
    node.after(' ');
  }
  return collapse(doc.body?.textContent ?? '');
}
