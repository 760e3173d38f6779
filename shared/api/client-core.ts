import * as v from 'valibot';
import { timings } from '../catalogue/timings';
import type { SessionStore } from '../stores/session';
import { ApiError } from './api-error';
import { clientErrorCode } from './client-error-codes';
import type { InterpretedError } from './error-catalogue';
import { type HttpResponse, httpRequest, type Query, RequestTimeout } from './http';
import { requestFailures } from './messages/request-failures';
import { type ResponseMeta, readResponseMeta } from './response-meta';

export type { Query } from './http';

export interface RequestOptions {
  query?: Query;
  body?: Record<string, unknown> | FormData;
  /** Extra request headers, e.g. the guest cart's `X-Cart-Token`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  data: T;
  meta: ResponseMeta;
}

export interface SentRequest {
  raw: unknown;
  meta: ResponseMeta;
  headers: Headers;
}

export interface ApiClientOptions {
  /** The element's `api-base`, e.g. 'https://portal.example.com/api/v1' or '/api/v1'. */
  baseURL: string;
  /**
   * The signed-in session: its token goes out in `X-WP-Nonce` and spec §8's session effects (sign-out,
   * company form, access removed) apply to it. Null for public elements (news), which send no token and
   * so do not download the session code.
   */
  session: SessionStore | null;
  /** Injected in tests; the page's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

/** Turns an HTTP failure into the error to throw and its session effect. */
export type ErrorInterpreter = (httpStatus: number, body: unknown) => InterpretedError;

export interface ApiClient {
  readonly baseURL: string;
  get<S extends v.GenericSchema>(
    path: string,
    schema: S,
    query?: Query,
  ): Promise<ApiResult<v.InferOutput<S>>>;
  post<S extends v.GenericSchema>(
    path: string,
    schema: S,
    body?: RequestOptions['body'],
  ): Promise<ApiResult<v.InferOutput<S>>>;
  request<S extends v.GenericSchema>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<ApiResult<v.InferOutput<S>>>;
  /**
   * The request without a schema: the body as sent (JSON, text, or a Blob for `responseType: 'blob'`),
   * its headers and meta, after the same token handling and error catalogue. For blob.ts.
   */
  send(
    method: string,
    path: string,
    responseType: 'json' | 'blob',
    options?: RequestOptions,
  ): Promise<SentRequest>;
}

/** Where an element's calls go when it has no `api-base`: the same origin's `/api/v1`. */
export function resolveApiBase(apiBase: string | null | undefined): string {
  const base = apiBase?.trim() || '/api/v1';
  return base.replace(/\/+$/, '');
}

/**
 * The API client of DESIGN §5, with the reading of failures given (client.ts gives it the error
 * catalogue of spec §8): base URL from `api-base`, JSON, the token in `X-WP-Nonce`, the refreshed
 * nonce read back, every failure turned into one ApiError with the error catalogue of spec §8 applied
 * here and nowhere else, and every body parsed by its schema before anyone sees it. Identical GETs in
 * flight at the same time share one request, so two elements asking for the same data send it once.
 */
export function createClientCore({
  baseURL,
  session,
  fetch,
  interpretError,
}: ApiClientOptions & { interpretError: ErrorInterpreter }): ApiClient {
  const base = resolveApiBase(baseURL);
  // Looked up at call time, so a page (or test) that replaces window.fetch later is honoured.
  const fetchImpl: typeof globalThis.fetch = fetch ?? ((input, init) => globalThis.fetch(input, init));
  const inFlight = new Map<string, Promise<{ raw: unknown; meta: ResponseMeta }>>();

  const tokenOf = () => session?.$token.get() ?? null;

  function headers(): Record<string, string> {
    const token = tokenOf();
    return token ? { 'X-WP-Nonce': token, Accept: 'application/json' } : { Accept: 'application/json' };
  }

  /**
   * `stillCurrent`: the request went out with the session's current token. An answer to a request sent
   * with an older one (the user switched account or signed in again meanwhile) must not end or rotate
   * the session that replaced it.
   */
  function applyEffects(httpStatus: number, body: unknown, stillCurrent: boolean): never {
    const { error, effect } = interpretError(httpStatus, body);
    if (effect === 'sign-out' && stillCurrent) session?.signOut(error.message);
    else if (effect === 'company-not-found') session?.companyNotFound();
    else if (effect === 'access-removed') session?.accessRemoved(error.message);
    throw error;
  }

  async function send(
    method: string,
    path: string,
    responseType: 'json' | 'blob',
    options: RequestOptions = {},
  ): Promise<SentRequest> {
    const sentToken = tokenOf();
    let response: HttpResponse;
    try {
      response = await httpRequest(fetchImpl, `${base}${path}`, {
        method,
        query: options.query,
        body: options.body,
        headers: { ...options.headers, ...headers() },
        signal: options.signal,
        responseType,
        timeoutMs: method === 'GET' ? timings.requestTimeoutMs : timings.changeTimeoutMs,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      const code = cause instanceof RequestTimeout ? clientErrorCode.timeout : clientErrorCode.networkError;
      throw new ApiError(requestFailures.default, 0, code);
    }
    const meta = readResponseMeta(response.headers);
    const stillCurrent = sentToken !== null && tokenOf() === sentToken;
    // The server rotates the token now and then; keep the new one (only for the session that sent it).
    if (meta.nonce && stillCurrent) session?.setToken(meta.nonce);
    if (!response.ok) applyEffects(response.status, response.body, stillCurrent);
    // A signed-in read says whether the account still owes a 2FA setup or code (spec §7 headers); the
    // 2FA flow's own steps (POSTs) carry their step's headers instead, which are not the account's due.
    if (stillCurrent && method === 'GET')
      session?.$twoFactorDue.set(meta.twoFactor.required || meta.twoFactor.setup !== null);
    return { raw: response.body, meta, headers: response.headers };
  }

  function parse<S extends v.GenericSchema>(schema: S, raw: unknown, httpStatus = 200): v.InferOutput<S> {
    const result = v.safeParse(schema, raw);
    if (!result.success)
      throw new ApiError(requestFailures.default, httpStatus, clientErrorCode.invalidResponse);
    return result.output;
  }

  async function request<S extends v.GenericSchema>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<ApiResult<v.InferOutput<S>>> {
    if (method !== 'GET' || options.signal) {
      const { raw, meta } = await send(method, path, 'json', options);
      return { data: parse(schema, raw), meta };
    }
    const key = JSON.stringify([path, options.query ?? {}, options.headers ?? {}, tokenOf()]);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = send(method, path, 'json', options).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const { raw, meta } = await pending;
    return { data: parse(schema, raw), meta };
  }

  return {
    baseURL: base,
    request,
    get: (path, schema, query) => request('GET', path, schema, { query }),
    post: (path, schema, body) => request('POST', path, schema, { body }),
    send,
  };
}
