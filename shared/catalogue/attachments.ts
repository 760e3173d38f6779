/**
 * Ticket attachment limits. Spec §5 leaves "attachment size and type limits" open; these are ours
 * (issue 11): at most 5 files of 10 MB each per message, images, PDF, plain text or log, and ZIP.
 * The client checks them before sending and the server again, by content, on arrival.
 */
export const attachmentLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 5,
  /** Longest stored display name; longer names keep their end (the extension). */
  maxNameLength: 200,
} as const;

/** What a file's first bytes say it is; `text` covers .txt and .log (UTF-8 without binary bytes). */
export type AttachmentKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'zip' | 'text';

export interface AttachmentType {
  mime: string;
  /** Extensions a name of this kind may end with; the first is added when the name has none of them. */
  extensions: readonly string[];
}

export const attachmentTypes: Readonly<Record<AttachmentKind, AttachmentType>> = {
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  zip: { mime: 'application/zip', extensions: ['zip'] },
  text: { mime: 'text/plain', extensions: ['txt', 'log'] },
};

/** The file picker's `accept` hint. Only a hint: the content decides, in the browser and on the server. */
export const attachmentAccept =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,application/zip,text/plain,.txt,.log,.zip';
