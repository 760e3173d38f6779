import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { timings } from '../catalogue/timings';
import { createSessionStore, type SessionStore } from '../stores/session';
import { createMemoryStorage } from '../stores/storage';
import { ApiError } from './api-error';
import { createApiClient } from './client';

const ItemSchema = v.object({ id: v.number(), name: v.string() });

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

let session: SessionStore;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function client() {
  return createApiClient({ baseURL: 'https://api.example.test/api/v1/', session, fetch: fetchMock });
}

function lastRequest(): Request | { url: string; init: RequestInit | undefined } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('no request sent');
  const [input, init] = call;
  return input instanceof Request ? input : { url: String(input), init };
}

function headerOf(name: string): string | null {
  const request = lastRequest();
  if (request instanceof Request) return request.headers.get(name);
  return new Headers(request.init?.headers).get(name);
}

beforeEach(() => {
  session = createSessionStore(createMemoryStorage());
  fetchMock = vi.fn<typeof fetch>();
});

/** A server that never answers: only the abort ends the wait, as in a browser. */
function neverAnswers(): { signal: () => AbortSignal | undefined } {
  let signal: AbortSignal | undefined;
  fetchMock.mockImplementation(
    (_input, init) =>
      new Promise((_resolve, reject) => {
        signal = init?.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return { signal: () => signal };
}

describe('api client', () => {
  it('sends the token in X-WP-Nonce to the api-base and parses the body with its schema', async () => {
    session.setToken('token-1');
    fetchMock.mockResolvedValue(json({ id: 1, name: 'Addons plugin', extra: 'dropped' }));
    const result = await client().get('/products', ItemSchema, { page: 2 });
    expect(result.data).toEqual({ id: 1, name: 'Addons plugin' });
    const request = lastRequest();
    expect(request.url).toBe('https://api.example.test/api/v1/products?page=2');
    expect(headerOf('X-WP-Nonce')).toBe('token-1');
  });

  it('sends no nonce header when signed out', async () => {
    fetchMock.mockResolvedValue(json({ id: 1, name: 'x' }));
    await client().get('/products', ItemSchema);
    expect(headerOf('X-WP-Nonce')).toBeNull();
  });

  it('stores the refreshed nonce and reads X-WP-Total and the 2FA headers', async () => {
    session.setToken('old');
    fetchMock.mockResolvedValue(
      json([], {
        headers: {
          'X-WP-Nonce': 'new',
          'X-WP-Total': '41',
          'X-WP-TotalPages': '3',
          'X-2FA-Required': 'true',
          'X-2FA-Setup': '2.1',
          'X-2FA-Type': 'totp',
          'X-2FA-Auth-Id': 'auth-7',
        },
      }),
    );
    const { meta } = await client().get('/products', v.array(ItemSchema));
    expect(session.$token.get()).toBe('new');
    expect(meta.total).toBe(41);
    expect(meta.totalPages).toBe(3);
    expect(meta.twoFactor).toEqual({ required: true, setup: '2.1', type: 'totp', authId: 'auth-7' });
  });

  it("marks the session's 2FA as due only while signed-in answers say setup or a code is required", async () => {
    session.setToken('token-1');
    fetchMock.mockResolvedValueOnce(json([], { headers: { 'X-2FA-Required': 'false', 'X-2FA-Setup': '1' } }));
    await client().get('/profile', v.array(ItemSchema));
    expect(session.$twoFactorDue.get()).toBe(true);
    fetchMock.mockResolvedValueOnce(json([]));
    await client().get('/profile', v.array(ItemSchema));
    expect(session.$twoFactorDue.get()).toBe(false);
    // A 2FA flow's step (a POST: sign-in, configuring a method) is the flow's, not the account's due.
    fetchMock.mockResolvedValueOnce(json([], { headers: { 'X-2FA-Required': 'false', 'X-2FA-Setup': '2' } }));
    await client().post('/configure-2fa', v.array(ItemSchema), { method: 'email' });
    expect(session.$twoFactorDue.get()).toBe(false);
  });

  it('turns a malformed body into an ApiError instead of crashing', async () => {
    fetchMock.mockResolvedValue(json({ id: 'not a number' }));
    const error = await client()
      .get('/products', ItemSchema)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_response');
    expect((error as ApiError).message).toBe('Something went wrong!');
  });

  it('turns a network failure into an ApiError with the default message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await client()
      .get('/products', ItemSchema)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('network_error');
    expect(error.message).toBe('Something went wrong!');
  });

  it('gives up on a request that never answers: a timeout ApiError within 10 s, the request aborted', async () => {
    vi.useFakeTimers();
    try {
      const server = neverAnswers();
      const failed = client()
        .get('/products', ItemSchema)
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(timings.requestTimeoutMs);
      const error = (await failed) as ApiError;
      expect(timings.requestTimeoutMs).toBeLessThan(10_000);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.code).toBe('timeout');
      expect(error.message).toBe('Something went wrong!');
      expect(server.signal()?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a change longer than a read before it gives up: a purchase may be waiting on its gateway', async () => {
    vi.useFakeTimers();
    try {
      const server = neverAnswers();
      const failed = client()
        .post('/purchase', ItemSchema, {})
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(timings.requestTimeoutMs);
      expect(server.signal()?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(timings.changeTimeoutMs - timings.requestTimeoutMs);
      expect(server.signal()?.aborted).toBe(true);
      expect(((await failed) as ApiError).code).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('still lets the caller abort a request itself', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const failed = client()
      .request('GET', '/products', ItemSchema, { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    expect(await failed).toBeInstanceOf(DOMException);
  });

  it('sends one request for identical GETs in flight at the same time', async () => {
    fetchMock.mockImplementation(async () => json({ id: 1, name: 'x' }));
    const api = client();
    const [a, b] = await Promise.all([api.get('/products', ItemSchema), api.get('/products', ItemSchema)]);
    expect(a.data).toEqual(b.data);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await api.get('/products', ItemSchema);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('error catalogue (spec §8)', () => {
  async function failWith(status: number, body: unknown): Promise<ApiError> {
    fetchMock.mockResolvedValue(json(body, { status }));
    return (await client()
      .post('/profile', ItemSchema, { a: 1 })
      .catch((e: unknown) => e)) as ApiError;
  }

  it('reads a numeric status as text and ignores one that is neither text nor a number', async () => {
    expect((await failWith(400, { status: 409, message: 'Conflict' })).status).toBe('409');
    const odd = await failWith(400, {
      status: { nested: true },
      code: 'bad_request',
      message: 'Still shown',
    });
    expect(odd.status).toBeNull();
    expect(odd.message).toBe('Still shown');
    expect(odd.code).toBe('bad_request');
  });

  it('signs out on HTTP 401 and shows the server message', async () => {
    session.setToken('t');
    const error = await failWith(401, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });
    expect(error.httpStatus).toBe(401);
    expect(session.$token.get()).toBeNull();
    expect(session.$notice.get()).toEqual({ kind: 'signed-out', message: 'Cookie check failed' });
  });

  it('a 401 or a rotated nonce answering an older token leaves the session that replaced it alone', async () => {
    session.setToken('before-switch');
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const late = client().get('/users', ItemSchema);
    // Meanwhile the manager switched into a customer: a new session.
    session.setToken('after-switch');
    answer(
      json(
        { code: 'rest_cookie_invalid_nonce', message: 'x' },
        { status: 401, headers: { 'X-WP-Nonce': 'rotated-old' } },
      ),
    );
    await expect(late).rejects.toBeInstanceOf(ApiError);
    expect(session.$token.get()).toBe('after-switch');
    expect(session.$notice.get()).toBeNull();
  });

  it('signs out on rest_cookie_invalid_nonce whatever the HTTP status', async () => {
    session.setToken('t');
    await failWith(403, { code: 'rest_cookie_invalid_nonce', message: 'x' });
    expect(session.$token.get()).toBeNull();
  });

  it('signs out on status Token_error', async () => {
    session.setToken('t');
    await failWith(400, { status: 'Token_error', message: 'Your session expired' });
    expect(session.$token.get()).toBeNull();
    expect(session.$notice.get()).toEqual({ kind: 'signed-out', message: 'Your session expired' });
  });

  it('company-not-found clears the session and asks for the company form', async () => {
    session.setToken('t');
    await failWith(404, { status: 'company-not-found', message: 'No company' });
    expect(session.$token.get()).toBeNull();
    expect(session.$notice.get()).toEqual({ kind: 'company-not-found' });
  });

  it('access-removed keeps the session and shows the message', async () => {
    session.setToken('t');
    await failWith(403, { status: 'access-removed', message: 'Your access was removed' });
    expect(session.$token.get()).toBe('t');
    expect(session.$notice.get()).toEqual({ kind: 'access-removed', message: 'Your access was removed' });
  });

  it('internal_server_error with 500 gives the generic retry message', async () => {
    const error = await failWith(500, { code: 'internal_server_error', message: 'db down at line 3' });
    expect(error.message).toBe('Something went wrong, please try again later.');
  });

  it('a failure without a message gives the default message', async () => {
    const error = await failWith(502, 'Bad gateway');
    expect(error.message).toBe('Something went wrong!');
    expect(error.httpStatus).toBe(502);
  });

  it('validation_error carries per-field messages', async () => {
    const error = await failWith(400, {
      status: 'validation_error',
      code: 'validation_error',
      message: 'Email is not valid',
      data: { fields: { username: 'Email is not valid', password: "Password can't be empty" } },
    });
    expect(error.status).toBe('validation_error');
    expect(error.fields).toEqual({ username: 'Email is not valid', password: "Password can't be empty" });
  });

  it('joins object messages and decodes their HTML entities', async () => {
    const error = await failWith(400, {
      code: 'bad',
      message: { first: 'Name &amp; surname are required', second: 'It&#039;s invalid' },
    });
    expect(error.message).toContain('Name & surname are required');
    expect(error.message).toContain("It's invalid");
  });
});

describe('per-request headers', () => {
  it('sends extra headers but never lets them replace the nonce', async () => {
    session.setToken('real-token');
    fetchMock.mockResolvedValue(json({ id: 1, name: 'x' }));
    await client().request('GET', '/cart', ItemSchema, {
      headers: { 'X-Cart-Token': 'cart-1', 'X-WP-Nonce': 'forged' },
    });
    expect(headerOf('X-Cart-Token')).toBe('cart-1');
    expect(headerOf('X-WP-Nonce')).toBe('real-token');
  });
});
