import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Thread, Ticket } from '../../shared/schemas/tickets';
import type { Database } from '../db';
import { ticketAttachments, tickets, ticketThreads, users } from '../db/schema';
import { friendlyDuration } from './friendly';
import type { HelpDesk, LinkBuilder, NewMessage, TicketActor } from './help-desk';
import { messageToHtml } from './message-html';
import type { AttachmentStore } from './storage';

type TicketRow = typeof tickets.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Same avatar service as the profile (spec §2 Profile): SHA-256 of the address, a silhouette if none. */
function avatarUrl(email: string | null): string | null {
  if (!email) return null;
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?s=80&d=mp`;
}

function toTicket(row: TicketRow, now: Date): Ticket {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    customerWaitingSince: {
      friendly: row.customerWaitingSince ? friendlyDuration(row.customerWaitingSince, now) : '',
    },
  };
}

/** 'Sam Support' → first 'Sam', last 'Support', for the closing line item's createdBy. */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** The help desk in our own database, with attachment bytes in an AttachmentStore. */
export function localHelpDesk(db: Database, store: AttachmentStore): HelpDesk {
  /** The ticket when the actor may see it: its owner, or staff. */
  async function visibleTicket(actor: TicketActor, id: number, tx: Tx | Database = db) {
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).limit(1);
    if (!row || (row.userId !== actor.id && !actor.staff)) return null;
    return row;
  }

  /**
   * Writes the files first (random names), then the rows; the files of a failed or refused write are
   * removed again, so the directory holds no file without its row.
   */
  async function withStoredFiles<T>(files: NewMessage['files'], work: (names: string[]) => Promise<T>) {
    const names: string[] = [];
    try {
      for (const file of files) names.push(await store.put(file.bytes));
      const result = await work(names);
      // Nothing was written for these files (the conversation is not the actor's): drop them too.
      if (result === null) await Promise.all(names.map((name) => store.remove(name)));
      return result;
    } catch (error) {
      await Promise.all(names.map((name) => store.remove(name).catch(() => undefined)));
      throw error;
    }
  }

  async function insertMessage(
    tx: Tx,
    ticket: TicketRow,
    actor: TicketActor,
    input: NewMessage,
    names: string[],
  ): Promise<number> {
    const [thread] = await tx
      .insert(ticketThreads)
      .values({
        ticketId: ticket.id,
        via: ticket.userId === actor.id ? 'customer' : 'user',
        authorUserId: actor.id,
        authorFirstName: actor.firstName,
        authorLastName: actor.lastName,
        bodyHtml: messageToHtml(input.message),
      })
      .returning({ id: ticketThreads.id });
    if (!thread) throw new Error('Thread insert returned no row');
    if (input.files.length > 0) {
      await tx.insert(ticketAttachments).values(
        input.files.map((file, index) => ({
          threadId: thread.id,
          filename: file.filename,
          storageName: names[index] ?? '',
          mimeType: file.mimeType,
          sizeBytes: file.bytes.length,
        })),
      );
    }
    return thread.id;
  }

  async function threadsOf(ticket: TicketRow, links: LinkBuilder, only?: number): Promise<Thread[]> {
    const rows = await db
      .select({ thread: ticketThreads, email: users.email })
      .from(ticketThreads)
      .leftJoin(users, eq(users.id, ticketThreads.authorUserId))
      .where(
        only === undefined
          ? eq(ticketThreads.ticketId, ticket.id)
          : and(eq(ticketThreads.ticketId, ticket.id), eq(ticketThreads.id, only)),
      )
      .orderBy(asc(ticketThreads.createdAt), asc(ticketThreads.id));
    const files =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(ticketAttachments)
            .where(
              inArray(
                ticketAttachments.threadId,
                rows.map((row) => row.thread.id),
              ),
            )
            .orderBy(asc(ticketAttachments.id));
    const threads: Thread[] = rows.map(({ thread, email }) => ({
      id: thread.id,
      source: { via: thread.via },
      body: thread.bodyHtml,
      createdBy: {
        first: thread.authorFirstName,
        last: thread.authorLastName,
        photoUrl: avatarUrl(email),
      },
      createdAt: thread.createdAt.toISOString(),
      status: 'active',
      attachments: files
        .filter((file) => file.threadId === thread.id)
        .map((file) => ({
          id: file.id,
          filename: file.filename,
          web: links.attachment(file.id),
          mimeType: file.mimeType,
          size: file.sizeBytes,
        })),
    }));
    // A closed conversation ends with the closing as a line item, the way the help desk reports it.
    if (only === undefined && ticket.status === 'closed' && ticket.closedAt) {
      threads.push({
        id: `closed-${ticket.id}`,
        source: { via: 'user' },
        body: '',
        createdBy: { ...splitName(ticket.closedByName ?? ''), photoUrl: null },
        createdAt: ticket.closedAt.toISOString(),
        status: 'closed',
        attachments: [],
      });
    }
    return threads;
  }

  return {
    async list(actor) {
      const rows = await db
        .select()
        .from(tickets)
        .where(eq(tickets.userId, actor.id))
        .orderBy(desc(tickets.createdAt), desc(tickets.id));
      const now = new Date();
      return rows.map((row) => toTicket(row, now));
    },

    async conversation(actor, id, links) {
      const ticket = await visibleTicket(actor, id);
      if (!ticket) return null;
      return {
        conversation: {
          id: ticket.id,
          subject: ticket.subject,
          status: ticket.status,
          createdAt: ticket.createdAt.toISOString(),
        },
        threads: await threadsOf(ticket, links),
      };
    },

    create(actor, input) {
      return withStoredFiles(input.files, (names) =>
        db.transaction(async (tx) => {
          const now = new Date();
          const [ticket] = await tx
            .insert(tickets)
            .values({ userId: actor.id, subject: input.subject, customerWaitingSince: now, createdAt: now })
            .returning();
          if (!ticket) throw new Error('Ticket insert returned no row');
          await insertMessage(tx, ticket, actor, input, names);
          return toTicket(ticket, now);
        }),
      );
    },

    async reply(actor, id, input, links) {
      const threadId = await withStoredFiles(input.files, (names) =>
        db.transaction(async (tx) => {
          // Locked so that two replies at once agree on who waits since when.
          const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, id)).limit(1).for('update');
          if (!ticket || (ticket.userId !== actor.id && !actor.staff)) return null;
          const fromCustomer = ticket.userId === actor.id;
          const created = await insertMessage(tx, ticket, actor, input, names);
          await tx
            .update(tickets)
            .set(
              fromCustomer
                ? {
                    // A customer's message reopens a closed conversation and waits on support.
                    status: 'active',
                    customerWaitingSince: sql`coalesce(${tickets.customerWaitingSince}, now())`,
                    closedAt: null,
                    closedByName: null,
                  }
                : { status: 'pending', customerWaitingSince: null },
            )
            .where(eq(tickets.id, ticket.id));
          return created;
        }),
      );
      if (threadId === null) return null;
      const ticket = await visibleTicket(actor, id);
      if (!ticket) return null;
      const [thread] = await threadsOf(ticket, links, threadId);
      return thread ?? null;
    },

    async close(actor, id, message) {
      return db.transaction(async (tx) => {
        const ticket = await visibleTicket(actor, id, tx);
        if (!ticket) return false;
        if (message !== '') await insertMessage(tx, ticket, actor, { message, files: [] }, []);
        await tx
          .update(tickets)
          .set({
            status: 'closed',
            closedAt: new Date(),
            closedByName: `${actor.firstName} ${actor.lastName}`.trim(),
            customerWaitingSince: null,
          })
          .where(eq(tickets.id, ticket.id));
        return true;
      });
    },

    async attachment(actor, id) {
      const [row] = await db
        .select({ file: ticketAttachments, ownerId: tickets.userId })
        .from(ticketAttachments)
        .innerJoin(ticketThreads, eq(ticketThreads.id, ticketAttachments.threadId))
        .innerJoin(tickets, eq(tickets.id, ticketThreads.ticketId))
        .where(eq(ticketAttachments.id, id))
        .limit(1);
      if (!row || (row.ownerId !== actor.id && !actor.staff)) return null;
      const opened = await store.open(row.file.storageName);
      if (!opened) return null;
      return { filename: row.file.filename, mimeType: row.file.mimeType, ...opened };
    },
  };
}
