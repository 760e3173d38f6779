import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../test/fixtures/session-user';
import { createApiClient } from '../api/client';
import { createManagerStore } from './manager';
import { session } from './session';

afterEach(() => session.signOut());

describe('switching into a user', () => {
  it('puts the session in its switching state until the answer is in (spec §2 loading style)', async () => {
    session.setToken('manager-token');
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn<typeof globalThis.fetch>(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const store = createManagerStore(
      createApiClient({ baseURL: 'https://portal.example.test/api/v1', session, fetch }),
    );

    const switched = store.switchTo(7);
    expect(session.$switching.get()).toBe(true);
    const user = sessionUser('CUSTOMER', 'Casey Customer');
    answer(
      new Response(
        JSON.stringify({
          token: 'user-token',
          accountType: 'CUSTOMER',
          redirect: false,
          redirect_to: null,
          user,
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
    );
    await switched;
    expect(session.$token.get()).toBe('user-token');
    expect(session.$switching.get()).toBe(false);
  });

  it('lets the caller act before the session changes, while the old session still holds', async () => {
    session.setToken('manager-token');
    const user = sessionUser('CUSTOMER', 'Casey Customer');
    const body = { token: 'user-token', accountType: 'CUSTOMER', redirect: false, redirect_to: null, user };
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    );
    const store = createManagerStore(
      createApiClient({ baseURL: 'https://portal.example.test/api/v1', session, fetch }),
    );
    const tokensSeen: (string | null)[] = [];
    await store.switchTo(7, () => tokensSeen.push(session.$token.get()));
    expect(tokensSeen).toEqual(['manager-token']);
    expect(session.$token.get()).toBe('user-token');
  });

  it('leaves the switching state when the switch fails', async () => {
    session.setToken('manager-token');
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}', { status: 500 }));
    const store = createManagerStore(
      createApiClient({ baseURL: 'https://portal.example.test/api/v1', session, fetch }),
    );
    await expect(store.switchTo(7)).rejects.toThrow('Unable to switch account');
    expect(session.$switching.get()).toBe(false);
  });

  it("says spec §8's text when the switch is answered 500 internal_server_error", async () => {
    session.setToken('manager-token');
    const body = { code: 'internal_server_error', message: 'Boom', data: null, status: 'error' };
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response(JSON.stringify(body), { status: 500, headers: { 'Content-Type': 'application/json' } }),
    );
    const store = createManagerStore(
      createApiClient({ baseURL: 'https://portal.example.test/api/v1', session, fetch }),
    );
    await expect(store.switchTo(7)).rejects.toThrow('Something went wrong, please try again later.');
  });
});
