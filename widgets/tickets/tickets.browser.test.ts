import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { clearToasts } from '../../shared/stores/toasts';
import {
  closedConversation,
  emptyConversation,
  emptyTicketList,
  openConversation,
  ticketList,
} from '../../test/fixtures/tickets';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { pressBackdrop } from '../../test/helpers/dialog';
import { buttonByText, shadow, typeInto, until } from '../../test/helpers/dom';
import {
  type Answer,
  pickFiles,
  pngBytes,
  type Recorded,
  requests,
  stubNetwork,
  uploads,
} from './test-support';
import './define';

/** Each test gets its own api-base: the page keeps one tickets store per API, as in production. */
let apiCounter = 0;
let apiBase = '';
let consoleErrors: unknown[][];

beforeEach(() => {
  apiCounter += 1;
  apiBase = `/tickets-fixture-${apiCounter}/api/v1`;
  session.setToken('token-abc');
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  fixtureCleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.signOut();
});

/** Lets the renderer apply typed values before a click reads them (as between a user's key and click). */
const rendered = () => new Promise((resolve) => setTimeout(resolve, 0));

const json = (body: unknown, status = 200): Answer => ({ body, status });

function route(handlers: {
  list?: () => Answer;
  conversation?: (id: string) => Answer;
  post?: (r: Recorded) => Answer;
}) {
  stubNetwork((request) => {
    if (request.method === 'POST') return handlers.post?.(request) ?? json({}, 500);
    if (request.url.pathname.endsWith('/tickets')) {
      const id = request.url.searchParams.get('conversation_id');
      return id ? (handlers.conversation?.(id) ?? json({}, 404)) : (handlers.list?.() ?? json(ticketList));
    }
    if (request.url.pathname.includes('/tickets/attachments/')) {
      return new Response(new Blob(['file-bytes']), {
        headers: { 'Content-Disposition': `attachment; filename="screenshot-2026-11-20.png"` },
      });
    }
    return json({}, 404);
  });
}

async function mountList(): Promise<ShadowRoot> {
  const element = await fixture<HTMLElement>(html`<vendor-tickets api-base=${apiBase}></vendor-tickets>`);
  return shadow(element);
}

async function mountConversation(id: number): Promise<ShadowRoot> {
  const element = await fixture<HTMLElement>(
    html`<vendor-tickets api-base=${apiBase} conversation-id=${id}></vendor-tickets>`,
  );
  return shadow(element);
}

const rowsText = (root: ShadowRoot) =>
  [...root.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim()),
  );

async function openCreate(root: ShadowRoot) {
  await until(() => root.querySelector('tbody tr:not([data-skeleton])'));
  buttonByText(root, 'Add Ticket')?.click();
  return until(() => root.querySelector<HTMLElement>('[role="dialog"]'));
}

describe('<vendor-tickets> list', () => {
  it('shows skeleton rows, then Subject, Status, Created at, Waiting Since and View Threads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubNetwork(() => new Response(null));
    vi.mocked(globalThis.fetch).mockImplementation(async () => {
      await gate;
      return new Response(JSON.stringify(ticketList), { headers: { 'Content-Type': 'application/json' } });
    });
    const root = await mountList();
    await until(() => root.querySelector('tr[data-skeleton]'));
    expect(root.querySelector('section')?.getAttribute('aria-busy')).toBe('true');
    release();
    await until(() => root.querySelector('tbody tr:not([data-skeleton])'));
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Subject',
      'Status',
      'Created at',
      'Waiting Since',
      'Actions',
    ]);
    expect(rowsText(root)).toEqual([
      [
        'Cannot activate the licence on my staging site',
        'active',
        'November 20, 2026',
        '2 days',
        'View Threads',
      ],
      ['Please add our VAT number to invoice 1002', 'closed', 'August 25, 2026', '—', 'View Threads'],
    ]);
    expect(root.querySelector('.ui-badge')?.getAttribute('data-tone')).toBe('success');
  });

  it("says ' No tickets found' when there are none", async () => {
    route({ list: () => json(emptyTicketList) });
    const root = await mountList();
    const empty = await until(() => root.querySelector('.ui-table__empty'));
    expect(empty.textContent).toBe(' No tickets found');
  });

  it("says 'Unable to get tickets, please try again' when the list fails", async () => {
    route({ list: () => json({ code: 'service_unavailable', message: 'busy' }, 503) });
    const root = await mountList();
    const alert = await until(() => root.querySelector('[part~="load-failure"] [role="alert"]'));
    expect(alert.textContent).toBe('Unable to get tickets, please try again');
  });

  it("says 'Something went wrong, please try again later.' for a 500 internal_server_error (spec §8)", async () => {
    route({ list: () => json({ code: 'internal_server_error', message: 'boom' }, 500) });
    const root = await mountList();
    const alert = await until(() => root.querySelector('[part~="load-failure"] [role="alert"]'));
    expect(alert.textContent).toBe('Something went wrong, please try again later.');
  });

  it('asks for the list once, with the token, even with two elements on the page', async () => {
    route({});
    await fixture<HTMLElement>(
      html`<div><vendor-tickets api-base=${apiBase}></vendor-tickets><vendor-tickets api-base=${apiBase}></vendor-tickets></div>`,
    );
    await until(() => requests.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.pathname).toBe(`${apiBase}/tickets`);
    expect(requests[0]?.headers['x-wp-nonce']).toBe('token-abc');
  });

  it('opens a conversation from View Threads, and goes back', async () => {
    route({ conversation: () => json(openConversation(apiBase)) });
    const root = await mountList();
    const opened: unknown[] = [];
    root.host.addEventListener('vendor-ticket-open', (event) => opened.push((event as CustomEvent).detail));
    (await until(() => buttonByText(root, 'View Threads'))).click();
    await until(() => root.querySelector('.tickets__threads:not([data-state])'));
    expect(opened).toEqual([{ id: 41 }]);
    expect(requests.at(-1)?.url.searchParams.get('conversation_id')).toBe('41');
    buttonByText(root, 'Back to tickets')?.click();
    await until(() => buttonByText(root, 'Add Ticket'));
  });

  it('links View Threads to conversation-url when given', async () => {
    route({});
    const element = await fixture<HTMLElement>(
      html`<vendor-tickets api-base=${apiBase} conversation-url="https://portal.example/user/conversations/{id}"></vendor-tickets>`,
    );
    const link = await until(() => shadow(element).querySelector('a[part="view-threads"]'));
    expect(link.getAttribute('href')).toBe('https://portal.example/user/conversations/41');
  });
});

describe('<vendor-tickets> Create New Ticket', () => {
  it("checks Subject and Message first: 'Please enter subject', 'Please enter message', nothing sent", async () => {
    route({});
    const root = await mountList();
    const dialog = await openCreate(root);
    expect(dialog.querySelector('h2')?.textContent).toBe('Create New Ticket');
    buttonByText(root, 'Submit')?.click();
    await until(() => dialog.querySelector('.ui-field__error'));
    expect([...dialog.querySelectorAll('.ui-field__error')].map((node) => node.textContent)).toEqual([
      'Please enter subject',
      'Please enter message',
    ]);
    expect(uploads).toHaveLength(0);
  });

  it('names a refused or too large file before anything is sent, and keeps it out of the list', async () => {
    route({});
    const root = await mountList();
    const dialog = await openCreate(root);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0])], 'photo.png', { type: 'image/png' });
    const big = new File([pngBytes(11 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    pickFiles(input, [exe, big]);
    const errors = await until(() => dialog.querySelector('.tickets__file-errors'));
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'photo.png is not an accepted file type (images, PDF, text, log or ZIP files only).',
      'huge.png is larger than 10 MB.',
    ]);
    expect(dialog.querySelector('.tickets__files')).toBeNull();
    expect(uploads).toHaveLength(0);
  });

  it('sends subject, message and screenshots[] with progress; closes, clears and reloads on success', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    route({
      post: () =>
        new Response(
          JSON.stringify({
            conversation: { ...ticketList.conversations[0], id: 42, subject: 'Upload fails' },
          }),
          { status: 201, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    // Hold the answer until the modal's busy state has been checked.
    const fakeSend = XMLHttpRequest.prototype.send;
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      void gate.then(() => fakeSend.call(this, body));
    });
    const root = await mountList();
    const created: unknown[] = [];
    root.host.addEventListener('vendor-ticket-created', (event) =>
      created.push((event as CustomEvent).detail),
    );
    const dialog = await openCreate(root);
    typeInto(dialog.querySelector('input[type="text"]') as HTMLInputElement, 'Upload fails');
    typeInto(dialog.querySelector('textarea') as HTMLTextAreaElement, 'It says:\n\nlimit reached');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    pickFiles(input, [
      new File([pngBytes()], 'screen.png', { type: 'image/png' }),
      new File(['log line\n'], 'debug.log', { type: 'text/plain' }),
      new File(['other\n'], 'other.txt', { type: 'text/plain' }),
    ]);
    await until(() => dialog.querySelectorAll('.tickets__file').length === 3);
    (dialog.querySelector('button[aria-label="Remove other.txt"]') as HTMLButtonElement).click();
    await until(() => dialog.querySelectorAll('.tickets__file').length === 2);
    expect([...dialog.querySelectorAll('.tickets__file-name')].map((node) => node.textContent)).toEqual([
      'screen.png',
      'debug.log',
    ]);

    const listRequests = requests.length;
    buttonByText(root, 'Submit')?.click();
    await until(() => root.querySelector('[role="dialog"][aria-busy="true"]'));
    // Not dismissable while creating: no close button, Escape and the backdrop do nothing.
    expect(root.querySelector('.ui-modal__close')).toBeNull();
    root
      .querySelector('[role="dialog"]')
      ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    pressBackdrop(root.querySelector('[role="dialog"]') as Element);
    expect(root.querySelector('[role="dialog"]')).not.toBeNull();
    expect(buttonByText(root, 'Cancel')?.disabled).toBe(true);
    release();

    await until(() => !root.querySelector('[role="dialog"]'));
    expect(uploads).toHaveLength(1);
    const sent = uploads[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe(`${apiBase}/tickets`);
    expect(sent?.headers['X-WP-Nonce']).toBe('token-abc');
    expect(sent?.body?.get('subject')).toBe('Upload fails');
    expect(sent?.body?.get('message')).toBe('It says:\n\nlimit reached');
    expect((sent?.body?.getAll('screenshots[]') ?? []).map((file) => (file as File).name)).toEqual([
      'screen.png',
      'debug.log',
    ]);
    await until(() => requests.length === listRequests + 1);
    expect(created).toEqual([{ subject: 'Upload fails' }]);

    // Cleared: opening again shows an empty form.
    const again = await openCreate(root);
    expect((again.querySelector('input[type="text"]') as HTMLInputElement).value).toBe('');
    expect(again.querySelector('.tickets__files')).toBeNull();
  });

  it.each([
    // Spec §8: a 500 internal_server_error says the one text for it; another failure the call's own.
    [500, 'internal_server_error', 'Something went wrong, please try again later.'],
    [503, 'service_unavailable', 'Failed to create ticket'],
  ])('keeps the form and says why when the server answers %i', async (status, code, message) => {
    clearToasts();
    route({ post: () => json({ code, message: 'x' }, status) });
    const root = await mountList();
    const dialog = await openCreate(root);
    typeInto(dialog.querySelector('input[type="text"]') as HTMLInputElement, 'Help');
    typeInto(dialog.querySelector('textarea') as HTMLTextAreaElement, 'Please');
    await rendered();
    buttonByText(root, 'Submit')?.click();
    const toast = await until(() => root.querySelector('.ui-toast__message'));
    expect(toast.textContent).toBe(message);
    expect((root.querySelector('[role="dialog"] input[type="text"]') as HTMLInputElement).value).toBe('Help');
  });

  it('passes axe with the modal open, light and dark', async () => {
    route({});
    const root = await mountList();
    await openCreate(root);
    await expectNoAxeViolations(root.host);
    root.host.setAttribute('theme', 'dark');
    await expectNoAxeViolations(root.host);
    expect(consoleErrors).toEqual([]);
  });
});

describe('<vendor-tickets conversation-id>', () => {
  it('shows subject, start date, messages by source.via and attachments with short names', async () => {
    route({ conversation: () => json(openConversation(apiBase)) });
    const root = await mountConversation(41);
    await until(() => root.querySelector('.tickets__threads:not([data-state])'));
    expect(root.querySelector('h2')?.textContent).toBe('Cannot activate the licence on my staging site');
    expect(root.querySelector('.tickets__started')?.textContent).toBe('Started on November 20, 2026');
    const threads = [...root.querySelectorAll('.tickets__thread')];
    expect(threads.map((thread) => thread.getAttribute('data-via'))).toEqual(['self', 'support']);
    expect(threads[1]?.querySelector('.tickets__author')?.textContent).toBe('Sam Support');
    expect(threads[1]?.querySelector('.tickets__body strong')?.textContent).toBe('deactivate');
    const links = [...root.querySelectorAll<HTMLAnchorElement>('a[part="attachment"]')];
    expect(links.map((link) => link.textContent)).toEqual(['screensho...-20.png', 'debug.log']);
    expect(links[0]?.title).toBe('screenshot-2026-11-20.png');
    expect(root.querySelector('.tickets__back')).toBeNull();
  });

  it('downloads an attachment with the token, not as a bare link', async () => {
    route({ conversation: () => json(openConversation(apiBase)) });
    const root = await mountConversation(41);
    const link = await until(() => root.querySelector<HTMLAnchorElement>('a[part="attachment"]'));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await until(() => clicked.mock.calls.length > 0);
    const download = requests.find((request) => request.url.pathname.endsWith('/tickets/attachments/7'));
    expect(download?.headers['x-wp-nonce']).toBe('token-abc');
    const saved = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(saved.download).toBe('screenshot-2026-11-20.png');
    expect(saved.href).toMatch(/^blob:/);
  });

  it("shows 'Thread is marked as closed by {name} in {date}' for a closed thread", async () => {
    route({ conversation: () => json(closedConversation) });
    const root = await mountConversation(40);
    const closed = await until(() => root.querySelector('.tickets__thread--closed'));
    expect(closed.textContent).toBe('Thread is marked as closed by Sam Support in September 4, 2026');
  });

  it("says 'No threads found' and 'Failed to get conversations'", async () => {
    route({
      conversation: (id) => (id === '41' ? json(emptyConversation) : json({ code: 'not_found' }, 404)),
    });
    const empty = await mountConversation(41);
    expect((await until(() => empty.querySelector('.tickets__empty'))).textContent).toBe('No threads found');
    const failed = await mountConversation(99);
    expect(
      (await until(() => failed.querySelector('[part~="load-failure"] [role="alert"]'))).textContent,
    ).toBe('Failed to get conversations');
    // A conversation that does not exist cannot take a reply: none is offered.
    expect(buttonByText(failed, 'New Reply')).toBeUndefined();
  });

  it("replies: 'Message is required' first, then sends message and attachments[], reloads, clears and closes", async () => {
    let version = 0;
    route({
      conversation: () => {
        version += 1;
        return json(openConversation(apiBase));
      },
      post: () => json({ thread: openConversation(apiBase).threads[0] }, 201),
    });
    const root = await mountConversation(41);
    await until(() => root.querySelector('.tickets__threads:not([data-state])'));
    buttonByText(root, 'New Reply')?.click();
    const dialog = await until(() => root.querySelector<HTMLElement>('[role="dialog"]'));
    expect(dialog.querySelector('h2')?.textContent).toBe('New Reply');
    buttonByText(root, 'Submit')?.click();
    expect((await until(() => dialog.querySelector('.ui-field__error'))).textContent).toBe(
      'Message is required',
    );
    expect(uploads).toHaveLength(0);

    typeInto(dialog.querySelector('textarea') as HTMLTextAreaElement, 'Here is the log');
    await rendered();
    pickFiles(dialog.querySelector('input[type="file"]') as HTMLInputElement, [
      new File(['ok\n'], 'site.log', { type: 'text/plain' }),
    ]);
    await until(() => dialog.querySelector('.tickets__file'));
    buttonByText(root, 'Submit')?.click();
    await until(() => !root.querySelector('[role="dialog"]'));
    expect(uploads[0]?.body?.get('conversation_id')).toBe('41');
    expect(uploads[0]?.body?.get('message')).toBe('Here is the log');
    expect((uploads[0]?.body?.getAll('attachments[]') ?? []).map((file) => (file as File).name)).toEqual([
      'site.log',
    ]);
    await until(() => version === 2);

    buttonByText(root, 'New Reply')?.click();
    const again = await until(() => root.querySelector<HTMLElement>('[role="dialog"]'));
    expect((again.querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
  });

  it('passes axe, light and dark', async () => {
    route({ conversation: () => json(closedConversation) });
    const root = await mountConversation(40);
    await until(() => root.querySelector('.tickets__thread--closed'));
    await expectNoAxeViolations(root.host);
    root.host.setAttribute('theme', 'dark');
    await expectNoAxeViolations(root.host);
    route({ conversation: () => json(openConversation(apiBase)) });
    const open = await mountConversation(41);
    await until(() => open.querySelector('.tickets__threads:not([data-state])'));
    await expectNoAxeViolations(open.host);
    expect(consoleErrors).toEqual([]);
  });
});
