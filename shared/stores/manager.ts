import { type MapStore, map } from 'nanostores';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { managerFailures } from '../api/messages';
import { paging } from '../catalogue/paging';
import { type ManagedUser, type Order, OrderListSchema, UserListSchema } from '../schemas/manager';
import { type SignInResponse, SignInResponseSchema } from '../schemas/session';
import type { LoadState } from './load-state';
import { session } from './session';

/** Orders come 20 a page, like the user list (spec §9). */
export const ORDERS_PER_PAGE = 20;
/** Typing pauses this long before a search is sent, so a word typed is one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface PagedState<Row> {
  state: LoadState;
  rows: Row[];
  page: number;
  total: number;
  search: string;
  error: string | null;
}

export interface OrdersState extends PagedState<Order> {
  sales: { count: number; total: number };
}

const initial = { state: 'idle', rows: [], page: 1, total: 0, search: '', error: null } as const;

/**
 * One paged, searchable list. Only the newest request's answer is kept, so a slow answer to an old
 * search never replaces the results of the one typed after it.
 */
function pagedList<Row, State extends PagedState<Row>>(
  $list: MapStore<State>,
  fetchPage: (
    page: number,
    search: string,
  ) => Promise<{ rows: Row[]; total: number; extra?: Partial<State> }>,
  failure: (error: unknown) => string,
) {
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function loadPage(page: number, search = $list.get().search): Promise<void> {
    clearTimeout(timer);
    latest += 1;
    const ticket = latest;
    $list.set({ ...$list.get(), state: 'loading', page, search, error: null });
    try {
      const { rows, total, extra } = await fetchPage(page, search);
      if (ticket !== latest) return;
      $list.set({ ...$list.get(), ...extra, state: 'ready', rows, total, page, search, error: null });
    } catch (error) {
      if (ticket !== latest) return;
      $list.set({ ...$list.get(), state: 'error', rows: [], error: failure(error) });
    }
  }

  return {
    loadPage,
    /** The first page once; later calls while loaded or loading do nothing. */
    load: () => ($list.get().state === 'idle' ? loadPage(1) : Promise.resolve()),
    /** A search from page 1 after the typing pauses; the same text again sends nothing. */
    search(text: string): void {
      clearTimeout(timer);
      const search = text.trim();
      if (search === $list.get().search && $list.get().state !== 'error') return;
      timer = setTimeout(() => void loadPage(1, search), SEARCH_DEBOUNCE_MS);
    },
  };
}

/** The shop manager page (spec §2 Shop Manager): users and orders, each searchable and paged. */
export function createManagerStore(api: ApiClient) {
  const $users = map<PagedState<ManagedUser>>({ ...initial, rows: [] });
  const $orders = map<OrdersState>({ ...initial, rows: [], sales: { count: 0, total: 0 } });

  const users = pagedList<ManagedUser, PagedState<ManagedUser>>(
    $users,
    async (page, search) => {
      const { data, meta } = await api.get('/users', UserListSchema, {
        page,
        per_page: paging.users,
        search: search || undefined,
        orderby: 'name',
        order: 'asc',
      });
      return { rows: data.users, total: meta.total ?? data.users.length };
    },
    (error) => loadFailureText(error),
  );

  const orders = pagedList<Order, OrdersState>(
    $orders,
    async (page, search) => {
      const { data, meta } = await api.get('/orders', OrderListSchema, { page, search: search || undefined });
      return { rows: data.orders, total: meta.total ?? data.orders.length, extra: { sales: data.sales } };
    },
    (error) => loadFailureText(error, managerFailures.ordersFailed),
  );

  let switching: Promise<SignInResponse> | null = null;

  return {
    $users,
    $orders,
    users,
    orders,
    /**
     * Switches into a user (spec §4): the new token and user replace the session's, so every element on
     * the page now acts as that user. Rejects with 'Unable to switch account'; a second click while one
     * switch is under way joins it rather than sending another. `beforeSessionChange` runs first, while
     * the element that asked is still on the page: once the user changes, a host may take the page the
     * element sits on away (the portal leaves /user/manage for a customer), and the element could no
     * longer ask it to route.
     */
    switchTo(userId: number, beforeSessionChange?: (data: SignInResponse) => void): Promise<SignInResponse> {
      session.$switching.set(true);
      switching ??= api
        .post('/user-switch', SignInResponseSchema, { user_id: userId, switch_back: false })
        .then(({ data }) => {
          beforeSessionChange?.(data);
          session.setToken(data.token);
          session.setUser(data.user);
          return data;
        })
        .catch((error: unknown) => {
          throw new Error(loadFailureText(error, managerFailures.switchAccountFailed));
        })
        .finally(() => {
          switching = null;
          session.$switching.set(false);
        });
      return switching;
    },
  };
}

export type ManagerStore = ReturnType<typeof createManagerStore>;

const stores = new Map<string, ManagerStore>();

/** One manager store per API on a page. */
export function managerStoreFor(api: ApiClient): ManagerStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createManagerStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
