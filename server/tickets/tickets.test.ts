import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationSchema, TicketListSchema } from '../../shared/schemas/tickets';
import { ticketAttachments, tickets, users } from '../db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../test-support/app';

let t: TestApp;
let dataDir: string;
let customer: string;
let other: string;
let manager: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vendor-tickets-test-'));
  t = await createTestApp({ dataDir, publicUrl: 'https://portal.example.com' });
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  other = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
});
afterAll(() => t.close());

const attachmentsDir = () => join(dataDir, 'ticket-attachments');
const storedFiles = async () => readdir(attachmentsDir()).catch(() => [] as string[]);

const png = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i += 1) bytes[i] = (i * 7) % 256;
  return bytes;
};
/** TextEncoder's bytes typed for File parts. */
const utf8 = (text: string) => new Uint8Array(new TextEncoder().encode(text));
const executable = () => new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);

function form(
  fields: Record<string, string>,
  files: [string, Uint8Array<ArrayBuffer>, string][] = [],
  field = 'screenshots[]',
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, bytes, type] of files) body.append(field, new File([bytes], name, { type }));
  return body;
}

const post = (token: string, body: FormData | Record<string, unknown>) =>
  t.app.request('/api/v1/tickets', {
    method: 'POST',
    headers: body instanceof FormData ? { 'X-WP-Nonce': token } : { ...jsonHeaders, 'X-WP-Nonce': token },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });

const get = (token: string, path: string) =>
  t.app.request(`/api/v1${path}`, { headers: { 'X-WP-Nonce': token } });

async function list(token: string) {
  const response = await get(token, '/tickets');
  expect(response.status).toBe(200);
  return v.parse(TicketListSchema, await response.json()).conversations;
}

async function conversation(token: string, id: number) {
  const response = await get(token, `/tickets?conversation_id=${id}`);
  expect(response.status).toBe(200);
  return v.parse(ConversationSchema, await response.json());
}

async function fieldsOf(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { code: string; data: { fields: Record<string, string> } };
  expect(body.code).toBe('validation_error');
  return body.data.fields;
}

async function ticketCount() {
  return (await t.handle.db.select({ id: tickets.id }).from(tickets)).length;
}

async function seededIds() {
  const [open, closed] = await list(customer).then((rows) =>
    ['Cannot activate the licence on my staging site', 'Please add our VAT number to invoice 1002'].map(
      (subject) => rows.find((row) => row.subject === subject)?.id ?? 0,
    ),
  );
  return { open: open ?? 0, closed: closed ?? 0 };
}

describe('GET /tickets', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.request('/api/v1/tickets')).status).toBe(401);
  });

  it("lists only the caller's tickets, newest first, with how long the customer waits", async () => {
    const rows = await list(customer);
    expect(rows.map((row) => row.subject)).toEqual([
      'Cannot activate the licence on my staging site',
      'Please add our VAT number to invoice 1002',
    ]);
    expect(rows[0]).toMatchObject({ status: 'active', customerWaitingSince: { friendly: '1 day' } });
    expect(rows[1]).toMatchObject({ status: 'closed', customerWaitingSince: { friendly: '' } });
    expect(await list(other)).toEqual([]);
  });

  it('shows a conversation with its threads oldest first, support and customer apart', async () => {
    const { open } = await seededIds();
    const { conversation: head, threads } = await conversation(customer, open);
    expect(head).toMatchObject({ id: open, subject: 'Cannot activate the licence on my staging site' });
    expect(threads.map((thread) => thread.source.via)).toEqual(['customer', 'user', 'customer']);
    expect(threads[1]?.createdBy).toMatchObject({ first: 'Sam', last: 'Support', photoUrl: null });
    expect(threads[0]?.createdBy.photoUrl).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[a-f0-9]{64}/);
    expect(threads[2]?.body).toBe('<p>Done, but it still fails. Any idea?</p>');
  });

  it('ends a closed conversation with who closed it and when', async () => {
    const { closed } = await seededIds();
    const { threads } = await conversation(customer, closed);
    const last = threads.at(-1);
    expect(last).toMatchObject({ status: 'closed', createdBy: { first: 'Sam', last: 'Support' } });
    expect(Date.now() - Date.parse(last?.createdAt ?? '')).toBeGreaterThan(79 * 24 * 3600 * 1000);
  });

  it("answers 404 for another user's conversation and for one that does not exist", async () => {
    const { open } = await seededIds();
    expect((await get(other, `/tickets?conversation_id=${open}`)).status).toBe(404);
    expect((await get(customer, '/tickets?conversation_id=999999')).status).toBe(404);
    expect((await get(customer, '/tickets?conversation_id=abc')).status).toBe(400);
  });
});

describe('POST /tickets (new ticket)', () => {
  it('creates a ticket with two attachments, stored under random names and served back identical', async () => {
    const log = utf8('2026-11-23 ERROR licence limit reached\n');
    const response = await post(
      customer,
      form({ subject: '  Upload fails  ', message: 'It says:\n\nlimit <reached> & stuck' }, [
        ['screen shot.png', png(2048), 'image/png'],
        ['debug.log', log, 'text/plain'],
      ]),
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as {
      conversation: { id: number; subject: string; status: string };
    };
    expect(created.conversation).toMatchObject({ subject: 'Upload fails', status: 'active' });

    const { threads } = await conversation(customer, created.conversation.id);
    expect(threads).toHaveLength(1);
    expect(threads[0]?.source.via).toBe('customer');
    expect(threads[0]?.body).toBe('<p>It says:</p><p>limit &lt;reached&gt; &amp; stuck</p>');
    const files = threads[0]?.attachments ?? [];
    expect(files.map((file) => file.filename)).toEqual(['screen shot.png', 'debug.log']);
    expect(files[0]?.web).toMatch(/^https:\/\/portal\.example\.com\/api\/v1\/tickets\/attachments\/\d+$/);

    const stored = await storedFiles();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const name of stored) expect(name).toMatch(/^[a-f0-9]{32}$/);

    const download = await get(customer, new URL(files[0]?.web ?? '').pathname.replace('/api/v1', ''));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png(2048));
    expect(download.headers.get('Content-Type')).toBe('image/png');
    expect(download.headers.get('Content-Disposition')).toBe(
      `attachment; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`,
    );
    expect(download.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(download.headers.get('Cache-Control')).toBe('private, no-store');

    const [row] = await t.handle.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.filename, 'debug.log'));
    expect(row).toMatchObject({ mimeType: 'text/plain', sizeBytes: log.length });
    expect(await readFile(join(attachmentsDir(), row?.storageName ?? ''))).toEqual(Buffer.from(log));
  });

  it('serves attachments to the owner and staff only, never to another customer', async () => {
    const created = await post(
      customer,
      form({ subject: 'Private', message: 'See file' }, [['a.png', png(), 'image/png']]),
    );
    const { conversation: ticket } = (await created.json()) as { conversation: { id: number } };
    const { threads } = await conversation(customer, ticket.id);
    const path = new URL(threads[0]?.attachments?.[0]?.web ?? '').pathname.replace('/api/v1', '');
    expect((await get(other, path)).status).toBe(404);
    expect((await t.app.request(`/api/v1${path}`)).status).toBe(401);
    expect((await get(manager, path)).status).toBe(200);
    expect((await get(customer, '/tickets/attachments/999999')).status).toBe(404);
  });

  it("says 'Please enter subject' and 'Please enter message' and creates nothing", async () => {
    const before = await ticketCount();
    expect(await fieldsOf(await post(customer, form({ subject: ' ', message: '' })))).toEqual({
      subject: 'Please enter subject',
      message: 'Please enter message',
    });
    expect(await ticketCount()).toBe(before);
  });

  it('refuses a renamed executable, by content, and stores nothing', async () => {
    const before = { tickets: await ticketCount(), files: (await storedFiles()).length };
    const response = await post(
      customer,
      form({ subject: 'Exe', message: 'x' }, [['photo.png', executable(), 'image/png']]),
    );
    expect(await fieldsOf(response)).toEqual({
      screenshots: 'photo.png is not an accepted file type (images, PDF, text, log or ZIP files only).',
    });
    expect(await ticketCount()).toBe(before.tickets);
    expect((await storedFiles()).length).toBe(before.files);
  });

  it('refuses an 11 MB file and a sixth file', async () => {
    const big = png(11 * 1024 * 1024);
    expect(
      await fieldsOf(
        await post(customer, form({ subject: 'Big', message: 'x' }, [['big.png', big, 'image/png']])),
      ),
    ).toEqual({
      screenshots: 'big.png is larger than 10 MB.',
    });
    const six = Array.from({ length: 6 }, (_, i): [string, Uint8Array<ArrayBuffer>, string] => [
      `${i}.png`,
      png(),
      'image/png',
    ]);
    expect(await fieldsOf(await post(customer, form({ subject: 'Many', message: 'x' }, six)))).toEqual({
      screenshots: 'You can attach up to 5 files.',
    });
  });

  it('takes a 3 MB file past the 1 MiB limit of the rest of the API, which stays in force', async () => {
    const response = await post(
      customer,
      form({ subject: 'Big one', message: 'x' }, [['shot.png', png(3 * 1024 * 1024), 'image/png']]),
    );
    expect(response.status).toBe(201);
    const elsewhere = await t.app.request('/api/v1/signin', {
      method: 'POST',
      body: form({ username: 'x', password: 'x' }, [['shot.png', png(3 * 1024 * 1024), 'image/png']]),
    });
    expect(elsewhere.status).toBe(413);
  });

  it('stops reading a body larger than 5 files of 10 MB', async () => {
    const response = await t.app.request('/api/v1/tickets', {
      method: 'POST',
      headers: {
        'X-WP-Nonce': customer,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(60 * 1024 * 1024),
      },
      body: '--x--',
    });
    expect(response.status).toBe(413);
  });

  it('stores a name like ../../x as a plain name inside the attachments directory', async () => {
    const before = new Set(await storedFiles());
    const response = await post(
      customer,
      form({ subject: 'Names', message: 'x' }, [
        ['../../x', utf8('hello'), 'text/plain'],
        ['..\\..\\evil\u202egnp.exe', png(), 'image/png'],
      ]),
    );
    expect(response.status).toBe(201);
    const { conversation: ticket } = (await response.json()) as { conversation: { id: number } };
    const { threads } = await conversation(customer, ticket.id);
    expect(threads[0]?.attachments?.map((file) => file.filename)).toEqual(['x.txt', 'evilgnp.exe.png']);
    const added = (await storedFiles()).filter((name) => !before.has(name));
    expect(added).toHaveLength(2);
    for (const name of added) expect(name).toMatch(/^[a-f0-9]{32}$/);
    expect(await readdir(dataDir)).toEqual(['ticket-attachments']);
  });

  it('stores hostile HTML as the allow-listed subset', async () => {
    const response = await post(
      customer,
      form({
        subject: 'HTML',
        message:
          '<p onclick="alert(1)">Hi <b>there</b> <a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p><script>alert(1)</script><img src=x onerror=alert(1)><svg onload=alert(1)></svg>',
      }),
    );
    const { conversation: ticket } = (await response.json()) as { conversation: { id: number } };
    const { threads } = await conversation(customer, ticket.id);
    expect(threads[0]?.body).toBe(
      '<p>Hi <b>there</b> <a rel="noopener noreferrer nofollow" target="_blank">x</a> <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>',
    );
  });
});

describe('POST /tickets (reply and close)', () => {
  it('adds a customer reply with an attachment; the customer waits on support again', async () => {
    const { open } = await seededIds();
    const response = await post(
      customer,
      form(
        { conversation_id: String(open), message: 'Here is the log' },
        [['site.log', utf8('ok\n'), 'text/plain']],
        'attachments[]',
      ),
    );
    expect(response.status).toBe(201);
    const { threads } = await conversation(customer, open);
    expect(threads.at(-1)).toMatchObject({
      source: { via: 'customer' },
      body: '<p>Here is the log</p>',
      attachments: [{ filename: 'site.log' }],
    });
    const [row] = await t.handle.db.select().from(tickets).where(eq(tickets.id, open));
    expect(row?.status).toBe('active');
    expect(row?.customerWaitingSince).not.toBeNull();
  });

  it("says 'Message is required' for an empty reply (JSON without files too)", async () => {
    const { open } = await seededIds();
    expect(await fieldsOf(await post(customer, { conversation_id: open, message: '  ' }))).toEqual({
      message: 'Message is required',
    });
  });

  it("changes nothing in another user's conversation: 404", async () => {
    const { open } = await seededIds();
    const before = await conversation(customer, open);
    const files = (await storedFiles()).length;
    const response = await post(
      other,
      form(
        { conversation_id: String(open), message: 'mine now' },
        [['a.png', png(), 'image/png']],
        'attachments[]',
      ),
    );
    expect(response.status).toBe(404);
    expect((await post(other, { conversation_id: open, status: 'closed' })).status).toBe(403);
    expect(await conversation(customer, open)).toEqual(before);
    expect((await storedFiles()).length).toBe(files);
  });

  it('lets staff reply and close; the customer sees both, and cannot close', async () => {
    const created = await post(customer, form({ subject: 'Staff flow', message: 'Hello?' }));
    const { conversation: ticket } = (await created.json()) as { conversation: { id: number } };
    expect((await post(customer, { conversation_id: ticket.id, status: 'closed' })).status).toBe(403);

    const reply = await post(manager, { conversation_id: ticket.id, message: 'We are on it.' });
    expect(reply.status).toBe(201);
    expect((await list(customer)).find((row) => row.id === ticket.id)).toMatchObject({
      status: 'pending',
      customerWaitingSince: { friendly: '' },
    });

    const close = await post(manager, { conversation_id: ticket.id, status: 'closed', message: 'Fixed.' });
    expect(close.status).toBe(200);
    const { conversation: head, threads } = await conversation(customer, ticket.id);
    expect(head.status).toBe('closed');
    expect(threads.map((thread) => [thread.source.via, thread.status])).toEqual([
      ['customer', 'active'],
      ['user', 'active'],
      ['user', 'active'],
      ['user', 'closed'],
    ]);
    expect(threads[1]?.createdBy).toMatchObject({ first: 'Morgan', last: 'Manager' });
    expect(threads.at(-1)?.createdBy).toMatchObject({ first: 'Morgan', last: 'Manager' });

    // A customer's reply reopens it.
    await post(customer, { conversation_id: ticket.id, message: 'Back again' });
    const reopened = await conversation(customer, ticket.id);
    expect(reopened.conversation.status).toBe('active');
    expect(reopened.threads.some((thread) => thread.status === 'closed')).toBe(false);
  });

  it('staff see any conversation; a customer account is never staff', async () => {
    const { open } = await seededIds();
    expect((await get(manager, `/tickets?conversation_id=${open}`)).status).toBe(200);
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'affiliate@example.com'));
    expect(row?.accountType).toBe('CUSTOMER');
  });
});
