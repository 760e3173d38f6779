import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { hostileBodies } from '../fixtures/hostile-html';

/**
 * `<vendor-tickets>` against the real server: create with two attachments, a staff reply, a reply with
 * an attachment downloaded back byte-identical, the closed sentence, and hostile bodies sent through the
 * server's sanitizer and shown in Chromium.
 */

async function signIn(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/signin', { data: { username, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function api(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const response = await request.post('/api/v1/tickets', { headers: { 'X-WP-Nonce': token }, data });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The demo page as the signed-in customer, with `<vendor-tickets>` pasted in. */
async function openTickets(page: Page, token: string, attributes = ''): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('access_token', value), token);
  // The avatar service is outside this machine: answer for it so the page stays quiet.
  await page.route('https://www.gravatar.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  await page.goto('/demo/');
  await page.evaluate((attrs) => {
    const holder = document.createElement('div');
    holder.innerHTML = `<vendor-tickets ${attrs}></vendor-tickets>`;
    document.body.prepend(holder);
  }, attributes);
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('create with two attachments, staff reply, reply with a file downloaded back identical, closed', async ({
  page,
  request,
}) => {
  const customer = await signIn(request, 'customer@example.com', 'Customer#2026');
  const manager = await signIn(request, 'manager@example.com', 'Manager#2026');
  const subject = `Licence will not activate ${Date.now()}`;

  await openTickets(page, customer);
  const tickets = page.locator('vendor-tickets');
  await expect(tickets.getByRole('row', { name: /Cannot activate the licence/ })).toBeVisible();

  await tickets.getByRole('button', { name: 'Add Ticket' }).click();
  const dialog = tickets.getByRole('dialog', { name: 'Create New Ticket' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('It says the limit is reached.\n\nSee the files.');
  await dialog.getByLabel('Attachments').setInputFiles([
    { name: 'activation-screenshot-2026.png', mimeType: 'image/png', buffer: png },
    { name: 'debug.log', mimeType: 'text/plain', buffer: Buffer.from('ERROR limit reached\n') },
  ]);
  await expect(dialog.locator('.tickets__file')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  const row = tickets.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toBeVisible();

  const list = await request.get('/api/v1/tickets', { headers: { 'X-WP-Nonce': customer } });
  const { conversations } = (await list.json()) as { conversations: { id: number; subject: string }[] };
  const id = conversations.find((ticket) => ticket.subject === subject)?.id;
  expect(id).toBeDefined();
  await api(request, manager, { conversation_id: id, message: 'Thanks, we are looking into it.' });

  await row.getByRole('button', { name: 'View Threads' }).click();
  await expect(tickets.getByRole('heading', { name: subject })).toBeVisible();
  await expect(tickets.locator('[data-via="support"]')).toContainText('Thanks, we are looking into it.');
  await expect(tickets.locator('[data-via="support"]')).toContainText('Morgan Manager');
  await expect(tickets.locator('a[part="attachment"]')).toHaveText(['activatio...026.png', 'debug.log']);

  await tickets.getByRole('button', { name: 'New Reply' }).click();
  const reply = tickets.getByRole('dialog', { name: 'New Reply' });
  await reply.getByLabel('Message').fill('Here is the licence export.');
  await reply
    .getByLabel('Attachments')
    .setInputFiles([{ name: 'export.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await reply.getByRole('button', { name: 'Submit' }).click();
  await expect(reply).toBeHidden();
  await expect(tickets.locator('.tickets__thread').last()).toContainText('Here is the licence export.');

  const downloading = page.waitForEvent('download');
  await tickets.getByRole('link', { name: 'export.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('export.pdf');
  expect(await readFile((await download.path()) as string)).toEqual(pdf);

  await api(request, manager, { conversation_id: id, status: 'closed' });
  await page.reload();
  await page.evaluate((conversation) => {
    const element = document.createElement('vendor-tickets');
    element.setAttribute('conversation-id', String(conversation));
    document.body.prepend(element);
  }, id ?? 0);
  await expect(page.locator('vendor-tickets .tickets__thread--closed')).toHaveText(
    /^Thread is marked as closed by Morgan Manager in [A-Z][a-z]+ \d{1,2}, \d{4}$/,
  );
});

test('the seeded closed ticket shows who closed it; another user gets 404', async ({ page, request }) => {
  const customer = await signIn(request, 'customer@example.com', 'Customer#2026');
  await openTickets(page, customer);
  const tickets = page.locator('vendor-tickets');
  await tickets
    .getByRole('row', { name: /Please add our VAT number/ })
    .getByRole('button', { name: 'View Threads' })
    .click();
  await expect(tickets.locator('.tickets__thread--closed')).toHaveText(
    /^Thread is marked as closed by Sam Support in [A-Z][a-z]+ \d{1,2}, \d{4}$/,
  );
  const list = await request.get('/api/v1/tickets', { headers: { 'X-WP-Nonce': customer } });
  const [first] = ((await list.json()) as { conversations: { id: number }[] }).conversations;
  const other = await signIn(request, 'affiliate@example.com', 'Affiliate#2026');
  const peek = await request.get(`/api/v1/tickets?conversation_id=${first?.id}`, {
    headers: { 'X-WP-Nonce': other },
  });
  expect(peek.status()).toBe(404);
});

test(`${hostileBodies.length} hostile bodies sent through the server run no script in Chromium`, async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await signIn(request, 'customer@example.com', 'Customer#2026');
  const created = await request.post('/api/v1/tickets', {
    headers: { 'X-WP-Nonce': customer },
    multipart: { subject: 'Hostile bodies', message: hostileBodies[0] ?? '' },
  });
  expect(created.status()).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: number } };
  for (const body of hostileBodies.slice(1)) {
    await api(request, customer, { conversation_id: conversation.id, message: body });
  }

  await page.addInitScript(() => {
    window.addEventListener('message', (event) => {
      if (event.data === 'xss') (window as { __xssMessages?: number }).__xssMessages = 1;
    });
  });
  await openTickets(page, customer, `conversation-id="${conversation.id}"`);
  await expect(page.locator('vendor-tickets .tickets__threads:not([data-state])')).toBeVisible();
  await page.waitForTimeout(1000);
  const fired = await page.evaluate(() => ({
    flag: (window as { __xss?: number }).__xss ?? null,
    messages: (window as { __xssMessages?: number }).__xssMessages ?? null,
  }));
  expect(fired).toEqual({ flag: null, messages: null });
});
