import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentInfo } from '../../test/fixtures/payment-info';
import { createApiClient } from '../api/client';
import {
  accountNotice,
  confirmationRequest,
  createConfirmationStore,
  needsAnotherLook,
} from './payment-confirmation';
import { createSessionStore } from './session';
import { createMemoryStorage } from './storage';
import { $toasts, clearToasts } from './toasts';

const fetchSpy = vi.fn<typeof fetch>();
const client = () =>
  createApiClient({
    baseURL: 'https://portal.example.test/api/v1',
    session: createSessionStore(createMemoryStorage()),
    fetch: fetchSpy,
  });

const notConfirmed = () =>
  Response.json({ code: 'payment_confirmation_failed', message: 'not yet' }, { status: 409 });

beforeEach(() => {
  fetchSpy.mockReset();
  clearToasts();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** Runs the store until it settles, advancing the fake clock. */
async function run(store: ReturnType<typeof createConfirmationStore>, request = { session_id: 'cs_1' }) {
  const done = store.start(request);
  for (let i = 0; i < 60 && store.$confirmation.get().status === 'waiting'; i++) {
    await vi.advanceTimersByTimeAsync(3000);
  }
  await done;
}

describe('confirmationRequest', () => {
  it('reads the three query forms of spec §2', () => {
    expect(confirmationRequest('?session_id=cs_test_1')).toEqual({ session_id: 'cs_test_1' });
    expect(confirmationRequest('?edd_confirm=paypal_express&token=EC-1&PayerID=P1&payment_id=7')).toEqual({
      token: 'EC-1',
      payerId: 'P1',
      paymentId: '7',
    });
    expect(confirmationRequest('?edd_confirm=manual&payment_id=9')).toEqual({ paymentId: '9' });
    expect(confirmationRequest('?edd_confirm=manual&payment_id=9&payment_key=abc')).toEqual({
      paymentId: '9',
      payment_key: 'abc',
    });
  });

  it('refuses anything else', () => {
    for (const search of [
      '',
      '?payment_id=9',
      '?edd_confirm=manual&payment_id=x',
      '?edd_confirm=paypal_express&payment_id=3',
    ]) {
      expect(confirmationRequest(search), search).toBeNull();
    }
  });
});

describe('needsAnotherLook', () => {
  it('repeats while not completed, requestAgain, or the first subscription not active', () => {
    expect(needsAnotherLook(paymentInfo())).toBe(false);
    expect(needsAnotherLook(paymentInfo({ status: 'pending' }))).toBe(true);
    expect(needsAnotherLook(paymentInfo({ requestAgain: true }))).toBe(true);
    const pendingSub = { ...paymentInfo().subscriptions[0], status: 'pending' } as never;
    expect(needsAnotherLook(paymentInfo({ subscriptions: [pendingSub] }))).toBe(true);
  });
});

describe('accountNotice', () => {
  it('tells a guest the truth: sign-in details mailed to a new account, or the existing account kept', () => {
    expect(accountNotice(paymentInfo({ new_account: true }), false)).toBe('credentialsMailed');
    expect(accountNotice(paymentInfo({ new_account: false }), false)).toBe('existingAccount');
  });

  it('says nothing to a signed-in buyer, nor before the payment is known', () => {
    expect(accountNotice(paymentInfo(), true)).toBeNull();
    expect(accountNotice(null, false)).toBeNull();
  });
});

describe('confirmation store', () => {
  it('waits 3000 ms before the first request, then completes once', async () => {
    fetchSpy.mockResolvedValue(Response.json(paymentInfo()));
    const completed = vi.fn();
    const store = createConfirmationStore(client(), { onCompleted: completed });
    const done = store.start({ session_id: 'cs_1' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://portal.example.test/api/v1/confirmation');
    expect(JSON.parse(String(init?.body))).toEqual({ session_id: 'cs_1' });
    expect(store.$confirmation.get().status).toBe('ready');
    expect(completed).toHaveBeenCalledTimes(1);
  });

  it('asks again while the subscription is not active yet', async () => {
    const pendingSub = { ...paymentInfo().subscriptions[0], status: 'pending' } as never;
    fetchSpy
      .mockResolvedValueOnce(Response.json(paymentInfo({ subscriptions: [pendingSub] })))
      .mockResolvedValueOnce(Response.json(paymentInfo({ requestAgain: true })))
      .mockResolvedValueOnce(Response.json(paymentInfo()));
    const store = createConfirmationStore(client());
    await run(store);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(store.$confirmation.get().status).toBe('ready');
  });

  it('retries payment_confirmation_failed and 500s up to 5 times, then warns once', async () => {
    fetchSpy.mockImplementation(async () => notConfirmed());
    const store = createConfirmationStore(client());
    await run(store);
    expect(fetchSpy).toHaveBeenCalledTimes(6);
    expect(store.$confirmation.get()).toMatchObject({
      status: 'failed',
      error: 'Failed to get payment confirmation data, please contact support.',
    });
    expect($toasts.get().filter((t) => t.kind === 'warning')).toHaveLength(1);
  });

  it('recovers when a retry succeeds', async () => {
    fetchSpy
      .mockResolvedValueOnce(Response.json({ code: 'internal_server_error' }, { status: 500 }))
      .mockResolvedValueOnce(notConfirmed())
      .mockResolvedValueOnce(Response.json(paymentInfo()));
    const store = createConfirmationStore(client());
    await run(store);
    expect(store.$confirmation.get().status).toBe('ready');
    expect($toasts.get()).toHaveLength(0);
  });

  it('stops at once on 404 (nothing to confirm) and without a query', async () => {
    fetchSpy.mockResolvedValue(Response.json({ code: 'not_found', message: 'No payment' }, { status: 404 }));
    const store = createConfirmationStore(client());
    await run(store);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(store.$confirmation.get().status).toBe('failed');
    const empty = createConfirmationStore(client());
    await empty.start(null);
    expect(empty.$confirmation.get().status).toBe('failed');
  });
});
