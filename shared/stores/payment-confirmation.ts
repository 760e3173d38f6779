import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { checkoutFailures, type paymentResultTexts } from '../api/messages';
import { timings } from '../catalogue/timings';
import {
  type ConfirmationRequest,
  completedStatus,
  type PaymentInfo,
  PaymentInfoSchema,
} from '../schemas/checkout';
import { errorCode } from '../schemas/error';
import { showToast } from './toasts';

/**
 * The success page's query (spec §2 Payment success) → the confirmation call's body (spec §7):
 * `session_id` (card); `edd_confirm=paypal_express` with `token`, `PayerID`, `payment_id`; or
 * `edd_confirm=manual` with `payment_id` (and the `payment_key` our server adds). Null for anything else.
 */
export function confirmationRequest(search: string): ConfirmationRequest | null {
  const query = new URLSearchParams(search);
  const sessionId = query.get('session_id')?.trim();
  if (sessionId) return { session_id: sessionId };
  const paymentId = query.get('payment_id')?.trim() ?? '';
  if (!/^\d{1,9}$/.test(paymentId)) return null;
  const confirm = query.get('edd_confirm');
  if (confirm === 'paypal_express') {
    const token = query.get('token')?.trim();
    const payerId = query.get('PayerID')?.trim();
    return token && payerId ? { token, payerId, paymentId } : null;
  }
  if (confirm !== 'manual') return null;
  const paymentKey = query.get('payment_key')?.trim();
  return paymentKey ? { paymentId, payment_key: paymentKey } : { paymentId };
}

/** Spec §4: ask again while the payment is not completed, says so, or its first subscription is not active. */
export function needsAnotherLook(info: PaymentInfo): boolean {
  const firstSubscription = info.subscriptions[0];
  return (
    info.status !== completedStatus ||
    info.requestAgain ||
    (firstSubscription !== undefined && firstSubscription.status !== 'active')
  );
}

/** The success page's sentences about the account, by their name in paymentResultTexts. */
export type AccountNotice = keyof Pick<typeof paymentResultTexts, 'credentialsMailed' | 'existingAccount'>;

/**
 * What the success page tells a buyer who is not signed in about their account, once the confirmed
 * payment says which case it is (spec §2): the sign-in details were mailed to a new account, or the
 * purchase went to the account the address already had (then nothing but the receipt was mailed).
 */
export function accountNotice(info: PaymentInfo | null, signedIn: boolean): AccountNotice | null {
  if (signedIn || !info) return null;
  return info.new_account ? 'credentialsMailed' : 'existingAccount';
}

export type ConfirmationStatus = 'idle' | 'waiting' | 'ready' | 'failed';

export interface ConfirmationState {
  status: ConfirmationStatus;
  info: PaymentInfo | null;
  /** 'Failed to get payment confirmation data, please contact support.' once the retries are spent. */
  error: string | null;
}

export interface ConfirmationOptions {
  /** Before the first request and between requests (spec §9: 3000 ms). */
  delayMs?: number;
  /** Answers that are not final yet are asked again at most this often (a guard, not a spec rule). */
  maxPolls?: number;
  /** The guest cart token that bought (proves a free order without its payment_key). */
  cartToken?: () => string | null;
  /** Called once with the completed payment (affiliate info, the purchase event). */
  onCompleted?: (info: PaymentInfo) => void;
}

/**
 * Payment confirmation (spec §4, §9): the first request after 3000 ms; repeated while the payment is
 * not final; a failed request (payment_confirmation_failed, a 500, a timeout) is retried up to 5
 * times, then one warning says 'Failed to get payment confirmation data, please contact support.'. An
 * answer that names nothing (404) is final at once. One request at a time, and one run per store.
 */
export function createConfirmationStore(api: ApiClient, options: ConfirmationOptions = {}) {
  const delayMs = options.delayMs ?? timings.confirmationFirstDelayMs;
  const maxPolls = options.maxPolls ?? 40;
  const $confirmation = map<ConfirmationState>({ status: 'idle', info: null, error: null });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const cartHeader = (): Record<string, string> => {
    const token = options.cartToken?.();
    return token ? { 'X-Cart-Token': token } : {};
  };

  const wait = () =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, delayMs);
    });

  function giveUp(): void {
    const message = checkoutFailures.paymentConfirmationFailed;
    $confirmation.set({ ...$confirmation.get(), status: 'failed', error: message });
    showToast({ kind: 'warning', message });
  }

  /** One request; one that takes too long fails in the API client (its time limit) and counts as a failure. */
  async function ask(request: ConfirmationRequest): Promise<PaymentInfo> {
    const { data } = await api.request('POST', '/confirmation', PaymentInfoSchema, {
      body: { ...request },
      headers: cartHeader(),
    });
    return data;
  }

  let asked: ConfirmationRequest | null = null;

  async function start(request: ConfirmationRequest | null): Promise<void> {
    if ($confirmation.get().status !== 'idle') return;
    asked = request;
    $confirmation.setKey('status', 'waiting');
    if (!request) {
      giveUp();
      return;
    }
    let retries = 0;
    for (let poll = 0; poll < maxPolls; poll++) {
      await wait();
      if (stopped) return;
      try {
        const info = await ask(request);
        $confirmation.setKey('info', info);
        if (!needsAnotherLook(info)) {
          $confirmation.set({ status: 'ready', info, error: null });
          options.onCompleted?.(info);
          return;
        }
      } catch (error) {
        if (stopped) return;
        const final = isApiError(error) && error.code === errorCode.notFound;
        retries += 1;
        if (final || retries > timings.confirmationMaxRetries) break;
      }
    }
    giveUp();
  }

  return {
    $confirmation,
    start,
    /** Try again after the retries were spent: the same confirmation, from the start. */
    retry(): Promise<void> {
      if ($confirmation.get().status !== 'failed') return Promise.resolve();
      $confirmation.set({ status: 'idle', info: null, error: null });
      return start(asked);
    },

    /** The page went away: no further requests. */
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
export type ConfirmationStore = ReturnType<typeof createConfirmationStore>;
