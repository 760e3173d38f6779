import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import {
  CloseFieldsSchema,
  ConversationQuerySchema,
  NewTicketFieldsSchema,
  ReplyFieldsSchema,
} from '../../shared/schemas/tickets';
import { requireUser } from '../auth/middleware';
import type { UserRow } from '../auth/sessions';
import type { AppDeps, AppEnv } from '../http/app-env';
import { forbidden, notFound, payloadTooLarge, sendError, validationError } from '../http/errors';
import { parseWith, readJson, readQuery } from '../http/validate';
import { attachmentDisposition } from '../tickets/file-name';
import type { HelpDesk, LinkBuilder, TicketActor } from '../tickets/help-desk';
import { localHelpDesk } from '../tickets/local-help-desk';
import { attachmentDirectoryFor, diskAttachmentStore } from '../tickets/storage';
import {
  acceptAttachments,
  isMultipart,
  readTicketForm,
  type TicketForm,
  ticketUploadBodyLimit,
} from '../tickets/uploads';

/** Shop managers and admins answer and close tickets (issue 11); customers see only their own. */
const staffTypes = new Set(['SHOP_MANAGER', 'ADMIN', 'SUPER_ADMIN']);

function actorOf(user: UserRow): TicketActor {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    staff: staffTypes.has(user.accountType),
  };
}

const attachmentsPath = '/tickets/attachments/';

/**
 * The one upload route: `POST /api/v1/tickets` with a multipart body. app.ts lets it past the API's
 * 1 MiB body limit; the route applies its own, sized for 5 files of 10 MB.
 */
export function isTicketUpload(c: Context): boolean {
  return c.req.method === 'POST' && c.req.path === '/api/v1/tickets' && isMultipart(c);
}

function linksFor(c: Context<AppEnv>): LinkBuilder {
  const origin = c.get('deps').publicOrigin() ?? new URL(c.req.url).origin;
  return { attachment: (id) => `${origin}/api/v1${attachmentsPath}${id}` };
}

/** The JSON fallback of a reply without files: `{conversation_id, message}` (or a staff `status`). */
async function readBody(c: Context<AppEnv>): Promise<TicketForm> {
  if (isMultipart(c)) return readTicketForm(c);
  const body = await readJson(c, v.record(v.string(), v.unknown()));
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
  }
  return { fields, files: [] };
}

/**
 * Spec §7 `/tickets`: `GET` lists the caller's tickets or, with `conversation_id`, one conversation;
 * `POST` creates a ticket (subject, message, screenshots[]) or, with `conversation_id`, replies
 * (message, attachments[]). Staff may also close a conversation with `status: 'closed'`.
 * `GET /tickets/attachments/{id}` serves a file to the ticket's owner and staff only.
 */
export function ticketRoutes(
  makeHelpDesk: (deps: AppDeps) => Promise<HelpDesk> = async (deps) =>
    localHelpDesk(deps.db, diskAttachmentStore(await attachmentDirectoryFor(deps.config.dataDir))),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let helpDesk: Promise<HelpDesk> | null = null;
  const desk = (c: Context<AppEnv>) => {
    helpDesk ??= makeHelpDesk(c.get('deps'));
    return helpDesk;
  };

  app.get('/tickets', async (c) => {
    const actor = actorOf(requireUser(c));
    const { conversation_id: id } = readQuery(c, ConversationQuerySchema);
    if (id === undefined) return c.json({ conversations: await (await desk(c)).list(actor) });
    const conversation = await (await desk(c)).conversation(actor, id, linksFor(c));
    if (!conversation) throw notFound('Conversation not found.');
    return c.json(conversation);
  });

  app.post(
    '/tickets',
    bodyLimit({ maxSize: ticketUploadBodyLimit, onError: (c) => sendError(c, payloadTooLarge()) }),
    async (c) => {
      const actor = actorOf(requireUser(c));
      const { fields, files } = await readBody(c);

      if (fields.conversation_id === undefined) {
        const input = parseWith(NewTicketFieldsSchema, fields);
        const accepted = await acceptAttachments(files, 'screenshots');
        const conversation = await (await desk(c)).create(actor, { ...input, files: accepted });
        return c.json({ conversation }, 201);
      }

      if (fields.status !== undefined) {
        if (!actor.staff) throw forbidden('Only support staff can close a conversation.');
        const input = parseWith(CloseFieldsSchema, fields);
        if (files.length > 0)
          throw validationError({ attachments: 'Attach files to a reply, not to a closing.' });
        const closed = await (await desk(c)).close(actor, input.conversation_id, input.message);
        if (!closed) throw notFound('Conversation not found.');
        return c.json({ success: true });
      }

      const input = parseWith(ReplyFieldsSchema, fields);
      const accepted = await acceptAttachments(files, 'attachments');
      const thread = await (await desk(c)).reply(
        actor,
        input.conversation_id,
        { message: input.message, files: accepted },
        linksFor(c),
      );
      if (!thread) throw notFound('Conversation not found.');
      return c.json({ thread }, 201);
    },
  );

  app.get(`${attachmentsPath}:id{[0-9]{1,9}}`, async (c) => {
    const actor = actorOf(requireUser(c));
    const file = await (await desk(c)).attachment(actor, Number(c.req.param('id')));
    if (!file) throw notFound('Attachment not found.');
    return c.body(file.stream, 200, {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.size),
      'Content-Disposition': attachmentDisposition(file.filename),
      // Never rendered by the browser as something else, never cached by a shared cache.
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });

  return app;
}
