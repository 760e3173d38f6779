import * as v from 'valibot';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { timings } from '../catalogue/timings';
import { createSessionStore } from '../stores/session';
import { createMemoryStorage } from '../stores/storage';
import { isApiError } from './api-error';
import { createApiClient } from './client';
import { clientErrorCode } from './client-error-codes';
import { uploadForm } from './upload';

/** An XMLHttpRequest whose server never answers: only abort() ends it, as a browser's does. */
class NeverAnsweredRequest {
  static last: NeverAnsweredRequest | null = null;
  upload = { onprogress: null };
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  aborted = false;
  constructor() {
    NeverAnsweredRequest.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('XMLHttpRequest', NeverAnsweredRequest);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('gives up on a stalled upload after the time limit of a change, with the timeout code', async () => {
  const session = createSessionStore(createMemoryStorage());
  const api = createApiClient({ baseURL: 'https://api.example.test/api/v1/', session });
  const sent = uploadForm(api, session, '/tickets', v.unknown(), new FormData());
  const outcome = sent.then(
    () => 'answered',
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(timings.changeTimeoutMs - 1);
  expect(NeverAnsweredRequest.last?.aborted).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  const error = await outcome;
  expect(NeverAnsweredRequest.last?.aborted).toBe(true);
  expect(isApiError(error) && error.code).toBe(clientErrorCode.timeout);
});
