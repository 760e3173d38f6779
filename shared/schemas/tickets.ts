import * as v from 'valibot';
import { attachmentLimits } from '../catalogue/attachments';
import { maxId } from './ids';
import { ruleMessages, ticketMessages } from './messages';
import { maxLength, required, trimmedString } from './rules';

/**
 * Tickets and conversations (spec §3, §7 `/tickets`): the answers the client parses and the request
 * fields the server validates. The shapes follow the help desk the vendor API grew from: a conversation
 * with `customerWaitingSince.friendly`, threads with `source.via` and `createdBy {first, last, photoUrl}`.
 */

/** Longest subject and message the server stores (spec §5 gives none; the generic max text applies). */
export const ticketTextLimits = { subject: 255, message: 20_000 } as const;

/** Texts for the attachment limits, which the spec leaves open (§5); the server answers with the same. */
export const attachmentMessages = {
  tooLarge: (name: string) => `${name} is larger than ${attachmentLimits.maxBytes / 1024 / 1024} MB.`,
  refusedType: (name: string) =>
    `${name} is not an accepted file type (images, PDF, text, log or ZIP files only).`,
  tooMany: `You can attach up to ${attachmentLimits.maxFiles} files.`,
} as const;

/**
 * The HTML a message body may contain, applied by the server (sanitize-html) and again by the browser
 * (DOMPurify) before display: text formatting, lists, quotes, code and links, nothing that runs, loads
 * or styles. Links are http(s) or mailto only.
 */
export const messageHtmlAllowList = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a'],
  attributes: { a: ['href', 'title'] },
  schemes: ['http', 'https', 'mailto'],
} as const;

// --- answers ---------------------------------------------------------------------------------------

/** One row of `GET /tickets`. `friendly` is the server's '2 days'; empty when nobody waits on support. */
export const TicketSchema = v.object({
  id: v.number(),
  subject: v.string(),
  status: v.string(),
  createdAt: v.string(),
  customerWaitingSince: v.nullish(v.object({ friendly: v.nullish(v.string(), '') }), null),
});
export type Ticket = v.InferOutput<typeof TicketSchema>;

export const TicketListSchema = v.object({ conversations: v.array(TicketSchema) });

export const AttachmentSchema = v.object({
  id: v.number(),
  filename: v.string(),
  /** The web link: under the API (fetched with the token) or, from an external help desk, anywhere. */
  web: v.string(),
  mimeType: v.nullish(v.string(), null),
  size: v.nullish(v.number(), null),
});
export type Attachment = v.InferOutput<typeof AttachmentSchema>;

export const ThreadSchema = v.object({
  id: v.union([v.number(), v.string()]),
  /** 'customer' (the customer's own message) or 'user' (support). */
  source: v.object({ via: v.string() }),
  /** Sanitized HTML; empty for a line item such as a closing. */
  body: v.nullish(v.string(), ''),
  createdBy: v.object({
    first: v.nullish(v.string(), ''),
    last: v.nullish(v.string(), ''),
    photoUrl: v.nullish(v.string(), null),
  }),
  createdAt: v.string(),
  /** 'closed' marks the thread closing: shown as 'Thread is marked as closed by {name} in {date}'. */
  status: v.nullish(v.string(), 'active'),
  attachments: v.nullish(v.array(AttachmentSchema), []),
});
export type Thread = v.InferOutput<typeof ThreadSchema>;

export const ConversationSchema = v.object({
  conversation: v.object({
    id: v.number(),
    subject: v.string(),
    status: v.string(),
    createdAt: v.string(),
  }),
  threads: v.array(ThreadSchema),
});
export type Conversation = v.InferOutput<typeof ConversationSchema>;

export const CreatedTicketSchema = v.object({ conversation: TicketSchema });
export const RepliedSchema = v.object({ thread: ThreadSchema });

// --- requests (text fields; the files are checked by content, see server/tickets/uploads.ts) ---------

const subject = v.pipe(
  trimmedString(ticketMessages.subjectEmpty),
  required('Subject', ticketMessages.subjectEmpty),
  maxLength('Subject', ticketTextLimits.subject),
);
const message = (empty: string) =>
  v.pipe(trimmedString(empty), required('Message', empty), maxLength('Message', ticketTextLimits.message));

/** `POST /tickets` multipart: subject, message, screenshots[]. */
export const NewTicketFieldsSchema = v.object({
  subject,
  message: message(ticketMessages.messageEmpty),
});

const conversationId = v.pipe(
  v.union([v.string(), v.number()], ruleMessages.required('Conversation')),
  v.transform(Number),
  v.number(ruleMessages.required('Conversation')),
  v.integer(ruleMessages.required('Conversation')),
  v.minValue(1, ruleMessages.required('Conversation')),
  v.maxValue(maxId, ruleMessages.required('Conversation')),
);

/** `POST /tickets` reply: conversation_id, message, attachments (multipart or JSON without files). */
export const ReplyFieldsSchema = v.object({
  conversation_id: conversationId,
  message: message(ticketMessages.replyEmpty),
});

/** Staff only: close the conversation, with or without a last message. */
export const CloseFieldsSchema = v.object({
  conversation_id: conversationId,
  status: v.literal('closed'),
  message: v.optional(v.pipe(trimmedString(), maxLength('Message', ticketTextLimits.message)), ''),
});

/** `GET /tickets?conversation_id=`. */
export const ConversationQuerySchema = v.object({
  conversation_id: v.optional(conversationId),
});
