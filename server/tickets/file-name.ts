import { type AttachmentKind, attachmentLimits, attachmentTypes } from '../../shared/catalogue/attachments';

/**
 * The name an attachment is shown and downloaded under. The upload's name is only a label: path
 * separators, control and bidi-formatting characters (which can disguise 'gpj.exe' as 'exe.jpg') go,
 * characters Windows refuses become '_', leading dots go (no hidden files), and the extension is made to
 * match the content, so a PNG named 'x.exe' downloads as 'x.exe.png'.
 */
export function safeAttachmentName(original: string, kind: AttachmentKind): string {
  const cleaned = cleanAttachmentName(original);
  const { extensions } = attachmentTypes[kind];
  const extension = /\.([a-z0-9]+)$/i.exec(cleaned)?.[1]?.toLowerCase();
  const base = cleaned === '' ? 'attachment' : cleaned;
  const named = extension && extensions.includes(extension) ? base : `${base}.${extensions[0]}`;
  const max = attachmentLimits.maxNameLength;
  // Too long: keep the end, where the extension is.
  return named.length > max ? Array.from(named).slice(-max).join('') : named;
}

/** The upload's name without the characters above, before any extension is added. */
export function cleanAttachmentName(original: string): string {
  return original
    .normalize('NFC')
    .replace(/[/\\]/g, '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^[.\s]+/, '');
}

/** `Content-Disposition: attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  // encodeURIComponent leaves ' ( ) * alone, but RFC 5987 values may not contain them.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
