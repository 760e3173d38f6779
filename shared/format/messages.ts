import { htmlToText } from './html';

/**
 * Joins a server error `message` into one line of text (spec §8: "Messages may be objects joined
 * together and HTML-decoded"). Strings are HTML-decoded; arrays and objects (e.g. `{email: '…',
 * password: ['…']}`) are walked in order and their non-empty texts joined with a space. Anything else
 * (null, undefined, booleans) gives '' so callers can fall back to their default message.
 */
export function joinMessages(message: unknown): string {
  if (message === null || message === undefined) return '';
  if (typeof message === 'string') return htmlToText(message);
  if (typeof message === 'number') return String(message);
  // A bare flag (e.g. `message: false`) carries no text to show.
  if (typeof message === 'boolean') return '';
  const parts = Array.isArray(message) ? message : typeof message === 'object' ? Object.values(message) : [];
  return parts
    .map((part) => joinMessages(part))
    .filter((text) => text !== '')
    .join(' ');
}

/** What a caught failure says: an Error's message (the API client's carry the spec's texts), else its text. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
