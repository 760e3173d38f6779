import sanitizeHtml from 'sanitize-html';
import { messageHtmlAllowList } from '../../shared/schemas/tickets';

/**
 * Message bodies arrive as plain text (the portal's textarea) or as HTML (an e-mail client, another
 * help desk). What is stored is always HTML from the allow-list of shared/schemas/tickets.ts: the
 * browser sanitizes again before display, so a bug on one side alone does not become an XSS.
 */

const options: sanitizeHtml.IOptions = {
  allowedTags: [...messageHtmlAllowList.tags],
  // rel and target are the transform's below, which overwrites whatever the sender put there.
  allowedAttributes: { a: [...messageHtmlAllowList.attributes.a, 'rel', 'target'] },
  allowedSchemes: [...messageHtmlAllowList.schemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with their content: what is inside a script or a style is never text to show.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open elsewhere and tell the target nothing.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/**
 * A message is HTML when it has a comment, a doctype or a tag of a real HTML element: a customer who
 * writes 'limit <reached>' keeps those words. Safety does not hang on this guess: text is escaped,
 * HTML is sanitized, and the browser sanitizes again.
 */
const htmlElement =
  /<(?:!|\/?(?:a|abbr|address|area|article|aside|audio|b|base|bdi|bdo|blockquote|body|br|button|canvas|caption|center|cite|code|col|colgroup|dd|del|details|dfn|dialog|div|dl|dt|em|embed|fieldset|figcaption|figure|font|footer|form|frame|frameset|h[1-6]|head|header|hr|html|i|iframe|image|img|input|ins|isindex|kbd|keygen|label|legend|li|link|main|map|mark|marquee|math|meta|meter|nav|noembed|noscript|object|ol|optgroup|option|output|p|param|picture|plaintext|pre|progress|q|s|samp|script|section|select|slot|small|source|span|strike|strong|style|sub|summary|sup|svg|table|tbody|td|template|textarea|tfoot|th|thead|time|title|tr|track|tt|u|ul|var|video|wbr|xmp)(?=[\s/>]))/i;
const looksLikeHtml = (text: string) => htmlElement.test(text);

/** Plain text → paragraphs (blank lines) and line breaks, every character escaped. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('');
}

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The body to store for what the sender typed or pasted. */
export function messageToHtml(message: string): string {
  return looksLikeHtml(message) ? sanitizeMessageHtml(message) : textToHtml(message);
}
