import type { Context } from 'hono';
import { type AttachmentKind, attachmentLimits, attachmentTypes } from '../../shared/catalogue/attachments';
import { sniffAttachment } from '../../shared/format/file-type';
import { attachmentMessages } from '../../shared/schemas/tickets';
import { validationError } from '../http/errors';
import { cleanAttachmentName, safeAttachmentName } from './file-name';

/** A file that passed every check, ready to store. */
export interface AcceptedFile {
  bytes: Uint8Array;
  filename: string;
  kind: AttachmentKind;
  mimeType: string;
}

export interface TicketForm {
  fields: Record<string, string>;
  files: File[];
}

/**
 * The largest multipart body a ticket route reads: 5 files of 10 MB plus the text fields and the
 * multipart framing. The route's own body limit stops reading past it (the 1 MiB limit of the rest of
 * the API does not apply there, see app.ts).
 */
export const ticketUploadBodyLimit = attachmentLimits.maxFiles * attachmentLimits.maxBytes + 256 * 1024;

/** File field names: `screenshots[]` for a new ticket (spec §7), `attachments[]` for a reply. */
const fileFields = new Set(['screenshots', 'screenshots[]', 'attachments', 'attachments[]']);

export function isMultipart(c: Context): boolean {
  return /^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? '');
}

/** Reads a multipart body into its text fields (the last value of each) and its files. */
export async function readTicketForm(c: Context): Promise<TicketForm> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw validationError({}, 'The request body is not valid multipart form data.');
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') fields[name] = item;
      else if (fileFields.has(name)) files.push(item);
      else throw validationError({ [name]: 'Files are accepted only as screenshots[] or attachments[].' });
    }
  }
  return { fields, files };
}

/**
 * Checks the files of one message: how many, how large, and what they are by content. The first
 * problem found is answered as a validation error on `field`, with the text the browser shows for it.
 */
export async function acceptAttachments(files: File[], field: string): Promise<AcceptedFile[]> {
  if (files.length > attachmentLimits.maxFiles) {
    throw validationError({ [field]: attachmentMessages.tooMany });
  }
  const accepted: AcceptedFile[] = [];
  for (const file of files) {
    const shownName = cleanAttachmentName(file.name) || 'attachment';
    if (file.size > attachmentLimits.maxBytes) {
      throw validationError({ [field]: attachmentMessages.tooLarge(shownName) });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffAttachment(bytes);
    if (!kind) throw validationError({ [field]: attachmentMessages.refusedType(shownName) });
    accepted.push({
      bytes,
      filename: safeAttachmentName(file.name, kind),
      kind,
      mimeType: attachmentTypes[kind].mime,
    });
  }
  return accepted;
}
