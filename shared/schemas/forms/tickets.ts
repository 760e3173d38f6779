import * as v from 'valibot';
import { ticketMessages as m } from '../messages';
import { required, trimmedString } from '../rules';

/** Files picked for a message; Blob is global in browsers and Node alike. Limits are not in the spec. */
const attachments = v.optional(v.array(v.blob()), () => []);

/** Create New Ticket modal. The files go out as screenshots[] (spec §3). */
export const newTicketSchema = v.object({
  subject: v.pipe(trimmedString(m.subjectEmpty), required('Subject', m.subjectEmpty)),
  message: v.pipe(trimmedString(m.messageEmpty), required('Message', m.messageEmpty)),
  message_attachment: attachments,
});
export type NewTicketForm = v.InferOutput<typeof newTicketSchema>;

/** New Reply modal: 'Message is required' is the generic required text. */
export const replySchema = v.object({
  message: v.pipe(trimmedString(m.replyEmpty), required('Message')),
  message_attachment: attachments,
});
export type ReplyForm = v.InferOutput<typeof replySchema>;
