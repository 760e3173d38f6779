import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../stores/session';
import { createMemoryStorage } from '../stores/storage';
import { requestBlob } from './blob';
import { createApiClient } from './client';

function clientAnswering(response: Response) {
  const session = createSessionStore(createMemoryStorage());
  session.setToken('token-1');
  const fetch = vi.fn<typeof globalThis.fetch>(async () => response);
  return { api: createApiClient({ baseURL: '/api/v1', session, fetch }), fetch };
}

describe('requestBlob', () => {
  it('returns the file with the name of Content-Disposition, the UTF-8 form first', async () => {
    const { api, fetch } = clientAnswering(
      new Response('%PDF', {
        headers: {
          'Content-Disposition': `attachment; filename="Invoice.pdf"; filename*=UTF-8''Invoice-%C3%A9-42.pdf`,
        },
      }),
    );
    const { blob, filename } = await requestBlob(api, 'POST', '/invoice', { body: { payment_id: 42 } });
    expect(await blob.text()).toBe('%PDF');
    expect(filename).toBe('Invoice-é-42.pdf');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/invoice');
    expect(new Headers(init?.headers).get('X-WP-Nonce')).toBe('token-1');
  });

  it('reads the plain filename form, and null when the server names no file', async () => {
    const named = clientAnswering(
      new Response('a,b', { headers: { 'Content-Disposition': 'attachment; filename=export.csv' } }),
    );
    expect((await requestBlob(named.api, 'GET', '/export')).filename).toBe('export.csv');
    const unnamed = clientAnswering(new Response('a,b'));
    expect((await requestBlob(unnamed.api, 'GET', '/export')).filename).toBeNull();
  });

  it('turns a failure into the catalogue error, as any call', async () => {
    const { api } = clientAnswering(
      new Response(JSON.stringify({ code: 'internal_server_error', message: 'boom' }), { status: 500 }),
    );
    await expect(requestBlob(api, 'POST', '/invoice')).rejects.toMatchObject({
      message: 'Something went wrong, please try again later.',
      httpStatus: 500,
    });
  });
});
