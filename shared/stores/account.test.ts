import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../test/fixtures/session-user';
import { createApiClient } from '../api/client';
import { $sessionUserLoad, ensureSessionUser, loadSessionUser } from './account';
import { session } from './session';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const api = () => createApiClient({ baseURL: '/api/v1', session, fetch: fetchMock });

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  session.setToken('token-1');
});

afterEach(() => {
  session.signOut();
});

describe('the signed-in user (GET /profile)', () => {
  it('a failed load makes one request, says why, and asks nothing more until Try again', async () => {
    fetchMock.mockResolvedValue(json({ code: 'internal_server_error', message: 'x' }, 500));
    const client = api();
    await ensureSessionUser(client);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($sessionUserLoad.get()).toEqual({
      state: 'error',
      error: 'Something went wrong, please try again later.',
    });

    // What every render of the shell does: nothing is sent again by itself.
    await ensureSessionUser(client);
    await ensureSessionUser(client);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Try again: one more request, and the user arrives.
    fetchMock.mockResolvedValue(json(sessionUser('CUSTOMER', 'Ada Lovelace')));
    await loadSessionUser(client);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect($sessionUserLoad.get()).toEqual({ state: 'ready', error: null });
    expect(session.$user.get()?.display_name).toBe('Ada Lovelace');
  });

  it('a dropped connection or a malformed body is a readable failure, not a crash', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await ensureSessionUser(api());
    expect($sessionUserLoad.get()).toEqual({ state: 'error', error: 'Something went wrong!' });

    fetchMock.mockResolvedValueOnce(json({ unexpected: true }));
    await loadSessionUser(api());
    expect($sessionUserLoad.get()).toEqual({ state: 'error', error: 'Something went wrong!' });
  });

  it('a sign-out forgets the failure: the next session loads its user afresh', async () => {
    fetchMock.mockResolvedValue(json({ code: 'service_unavailable', message: 'Busy.' }, 503));
    await ensureSessionUser(api());
    expect($sessionUserLoad.get()).toEqual({ state: 'error', error: 'Busy.' });
    session.signOut();
    expect($sessionUserLoad.get()).toEqual({ state: 'idle', error: null });
    session.setToken('token-2');
    await ensureSessionUser(api());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
