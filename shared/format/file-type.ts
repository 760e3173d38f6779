import type { AttachmentKind } from '../catalogue/attachments';

/**
 * Recognises an attachment by its content, never by its name or the browser's guess: a renamed
 * executable starts with 'MZ' or '\x7fELF' and matches nothing here. Shared by the browser (a check
 * before anything is sent) and the server (the check that counts).
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

const signatures: readonly [AttachmentKind, (bytes: Uint8Array) => boolean][] = [
  ['png', (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['jpeg', (b) => startsWith(b, [0xff, 0xd8, 0xff])],
  ['gif', (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))],
  ['webp', (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)],
  ['pdf', (b) => startsWith(b, ascii('%PDF-'))],
  // A local file header, or the end record of an empty archive.
  ['zip', (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])],
];

/**
 * Text is UTF-8 with no control characters other than tab, line breaks, form feed and escape (logs
 * carry colour codes). A NUL or an invalid sequence means binary.
 * `complete: false` reads a prefix: a multi-byte character cut at its end is not an error.
 */
export function isPlainText(bytes: Uint8Array, complete = true): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
  } catch {
    return false;
  }
  for (let i = 0; i < text.length; i += 1) if (isBinaryControl(text.charCodeAt(i))) return false;
  return true;
}

/** C0 controls and DEL, except tab, line feed, vertical tab, form feed, carriage return and escape. */
function isBinaryControl(code: number): boolean {
  if (code === 0x7f) return true;
  if (code >= 0x20) return false;
  return !(code >= 0x09 && code <= 0x0d) && code !== 0x1b;
}

/** The attachment kind of these bytes (the whole file, or a prefix when `complete` is false), or null. */
export function sniffAttachment(bytes: Uint8Array, complete = true): AttachmentKind | null {
  for (const [kind, matches] of signatures) if (matches(bytes)) return kind;
  return isPlainText(bytes, complete) ? 'text' : null;
}
