import type { Conversation, Thread, Ticket } from '../../shared/schemas/tickets';
import type { AcceptedFile } from './uploads';

/** Who is asking: the ticket's owner sees their own tickets, staff see and answer everyone's. */
export interface TicketActor {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  staff: boolean;
}

export interface NewMessage {
  message: string;
  files: AcceptedFile[];
}

export interface AttachmentDownload {
  filename: string;
  mimeType: string;
  size: number;
  stream: ReadableStream<Uint8Array>;
}

export interface LinkBuilder {
  /** The web link of an attachment served by this API. */
  attachment(id: number): string;
}

/**
 * Where tickets live. The default keeps them in our database with files on our disk
 * (local-help-desk.ts); a vendor on an external help desk implements this against its API and passes
 * it to `ticketRoutes`. Every method answers null for a conversation the actor may not see, so the
 * route says 404 whether it does not exist or belongs to someone else.
 */
export interface HelpDesk {
  list(actor: TicketActor): Promise<Ticket[]>;
  conversation(actor: TicketActor, id: number, links: LinkBuilder): Promise<Conversation | null>;
  create(actor: TicketActor, input: NewMessage & { subject: string }): Promise<Ticket>;
  reply(actor: TicketActor, id: number, input: NewMessage, links: LinkBuilder): Promise<Thread | null>;
  /** Staff only (the route checks): closes the conversation, after an optional last message. */
  close(actor: TicketActor, id: number, message: string): Promise<boolean>;
  attachment(actor: TicketActor, id: number): Promise<AttachmentDownload | null>;
}
