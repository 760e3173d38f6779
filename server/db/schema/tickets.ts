import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export type TicketStatus = 'active' | 'pending' | 'closed';

/** Support tickets (spec §3 Ticket / Conversation). */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('active'),
    /** Since when the customer waits for an answer; null when support has the last word. */
    customerWaitingSince: timestamp('customer_waiting_since', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByName: text('closed_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickets_user_id_idx').on(t.userId)],
);

/** One message of a ticket. `via` is 'customer' for the customer's own messages, 'user' for support. */
export const ticketThreads = pgTable(
  'ticket_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    via: text('via').$type<'customer' | 'user'>().notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorFirstName: text('author_first_name').notNull(),
    authorLastName: text('author_last_name').notNull(),
    /** Sanitized HTML. */
    bodyHtml: text('body_html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_threads_ticket_id_idx').on(t.ticketId)],
);

/** Files attached to a thread message; bytes live on disk under a generated name, never the upload's. */
export const ticketAttachments = pgTable('ticket_attachments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  threadId: integer('thread_id')
    .notNull()
    .references(() => ticketThreads.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  storageName: text('storage_name').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
});
