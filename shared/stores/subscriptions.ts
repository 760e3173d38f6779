import { map } from 'nanostores';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { subscriptionFailures, successMessages } from '../api/messages';
import {
  type Subscription,
  type SubscriptionAction,
  SubscriptionListSchema,
  SubscriptionUpdatedSchema,
} from '../schemas/subscriptions';
import type { LoadState } from './load-state';
import { showToast } from './toasts';

export interface SubscriptionsState {
  state: LoadState;
  subscriptions: Subscription[];
  error: string | null;
  /** The subscription being cancelled or reactivated, while the call runs. */
  updating: number | null;
}

const outcome = {
  cancel: {
    success: successMessages.subscriptionCanceled,
    failure: subscriptionFailures.cancelSubscriptionFailed,
  },
  reactivate: {
    success: successMessages.subscriptionReactivated,
    failure: subscriptionFailures.reactivateSubscriptionFailed,
  },
} as const;

export type SubscriptionsStore = ReturnType<typeof createSubscriptionsStore>;

/**
 * The customer's subscriptions (spec §2 Subscriptions, §4 Subscription, §7 `/subscriptions`): the list,
 * and cancel/reactivate with the spec's success and failure toasts. One change at a time.
 */
export function createSubscriptionsStore(api: ApiClient) {
  const $subscriptions = map<SubscriptionsState>({
    state: 'idle',
    subscriptions: [],
    error: null,
    updating: null,
  });
  let loading: Promise<void> | null = null;

  function reload(): Promise<void> {
    loading ??= (async () => {
      $subscriptions.set({ ...$subscriptions.get(), state: 'loading', error: null });
      try {
        const { data } = await api.get('/subscriptions', SubscriptionListSchema);
        $subscriptions.set({ ...$subscriptions.get(), state: 'ready', subscriptions: data });
      } catch (error) {
        // The spec names no text for this list: the catalogue's message (or its default) is shown.
        $subscriptions.set({
          ...$subscriptions.get(),
          state: 'error',
          subscriptions: [],
          error: loadFailureText(error),
        });
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  return {
    $subscriptions,
    /** Loads once; later calls while loaded or loading do nothing. */
    load: () => ($subscriptions.get().state === 'idle' ? reload() : (loading ?? Promise.resolve())),
    reload,
    /** Cancels or reactivates; true on success. The row takes the server's new state. */
    async update(id: number, type: SubscriptionAction): Promise<boolean> {
      if ($subscriptions.get().updating !== null) return false;
      $subscriptions.setKey('updating', id);
      try {
        const { data } = await api.post('/subscriptions', SubscriptionUpdatedSchema, { id, type });
        const current = $subscriptions.get();
        $subscriptions.set({
          ...current,
          updating: null,
          subscriptions: current.subscriptions.map((s) => (s.ID === id ? data.subscription : s)),
        });
        showToast({ kind: 'success', message: outcome[type].success });
        return true;
      } catch (error) {
        $subscriptions.setKey('updating', null);
        showToast({ kind: 'error', message: loadFailureText(error, outcome[type].failure) });
        return false;
      }
    },
  };
}

const stores = new Map<string, SubscriptionsStore>();

/** One subscriptions store per API on a page. */
export function subscriptionsStoreFor(api: ApiClient): SubscriptionsStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createSubscriptionsStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
