import sanitizeHtml from 'sanitize-html';
import type { newsPosts } from '../db/schema';
import { escapeHtml } from '../http/html';

type PostRow = typeof newsPosts.$inferSelect;

/**
 * What a post's page keeps of its stored HTML: text structure, links and images, nothing that runs or
 * restyles the page. Stored posts are staff-written, but a page must stay safe if one is not.
 */
const contentOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'code',
    'pre',
    'blockquote',
    'figure',
    'figcaption',
    'img',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

const styles = `
  :root { color-scheme: light dark; --text: #1d2330; --muted: #5b6275; --bg: #f7f8fa; --card: #fff; --link: #2f55d4; }
  @media (prefers-color-scheme: dark) { :root { --text: #e7e9ee; --muted: #a9afbd; --bg: #12151c; --card: #1b1f29; --link: #8ea8ff; } }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--text); font: 17px/1.65 system-ui, sans-serif; }
  main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  nav a, article a { color: var(--link); }
  article { margin-top: 1rem; padding: 1.5rem; border-radius: 12px; background: var(--card); }
  h1 { margin: 0 0 0.25rem; font-size: clamp(1.5rem, 5vw, 2.1rem); line-height: 1.25; overflow-wrap: anywhere; }
  time { color: var(--muted); font-size: 0.9375rem; }
  img { display: block; max-width: 100%; height: auto; margin: 1rem 0; border-radius: 8px; }
  pre { overflow-x: auto; }
`;

/** Plain text of a stored title (WordPress titles are rendered HTML; the page shows their words). */
const titleText = (title: string) => sanitizeHtml(title, { allowedTags: [], allowedAttributes: {} });

/**
 * The page a post's `link` points to (the WordPress-compatible answer's `link`): a readable, styled
 * article with the post's sanitized content and a way back to the account.
 */
export function postPage(post: PostRow, backHref: string): string {
  // sanitize-html returns entity-encoded text: it goes into the page as it is.
  const title = titleText(post.title);
  const image = post.featuredImagePath
    ? `<img src="${escapeHtml(post.featuredImagePath)}" alt="${escapeHtml(post.featuredImageAlt)}" width="640" height="320">`
    : '';
  const published = post.publishedAt.toISOString();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${styles}</style>
</head>
<body>
<main>
<nav><a href="${escapeHtml(backHref)}">← Back to your account</a></nav>
<article>
<h1>${title}</h1>
<p><time datetime="${published}">${published.slice(0, 10)}</time></p>
${image}
${sanitizeHtml(post.contentHtml, contentOptions)}
</article>
</main>
</body>
</html>`;
}
