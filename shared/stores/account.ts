import { atom } from 'nanostores';
import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { SessionUserSchema } from '../schemas/session';
import type { LoadState } from './load-state';
import { session } from './session';

// Its own module, so the checkout's header gets it without the portal's account loading.
export { switchBack } from './switch-back';

export interface SessionUserLoad {
  state: LoadState;
  /** Why the last load failed (spec §8), shown with Try again. */
  error: string | null;
}

const notLoaded: SessionUserLoad = { state: 'idle', error: null };

/** The load of the signed-in user's profile: the shell shows a skeleton meanwhile, a failure with Try again. */
export const $sessionUserLoad = atom<SessionUserLoad>(notLoaded);

// A new sign-in starts from scratch: an earlier failure is not the new session's.
session.$token.listen((token) => {
  if (!token) $sessionUserLoad.set(notLoaded);
});

let pending: Promise<void> | null = null;

/**
 * Loads the signed-in user now: the first load, Try again, or a reload after the account changed.
 * Concurrent callers share one request.
 */
export function loadSessionUser(api: ApiClient): Promise<void> {
  if (pending) return pending;
  $sessionUserLoad.set({ state: 'loading', error: null });
  pending = api
    .get('/profile', SessionUserSchema)
    .then(({ data }) => {
      session.setUser(data);
      $sessionUserLoad.set({ state: 'ready', error: null });
    })
    .catch((error: unknown) => {
      // A 401 has already signed the session out (the client's error catalogue).
      $sessionUserLoad.set({ state: 'error', error: loadFailureText(error) });
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * Loads the signed-in user when a token exists, no user is known and none was asked for yet (spec §2
 * User shell: "the profile is loaded when a token exists and no sign-in state is loaded"). What views call
 * whenever they render: after a failure it asks nothing, until `loadSessionUser` (Try again) runs.
 */
export function ensureSessionUser(api: ApiClient): Promise<void> {
  if (!session.$token.get() || session.$user.get() || $sessionUserLoad.get().state !== 'idle')
    return pending ?? Promise.resolve();
  return loadSessionUser(api);
}

const SignOutSchema = v.unknown();

/**
 * Signs out: every stored session item is cleared at once, so the page moves on without waiting, and
 * the server is asked to revoke the session with the token captured before. A failed revocation (offline,
 * already expired) changes nothing for the user, who is signed out here either way.
 */
export function signOut(api: ApiClient): Promise<void> {
  const token = session.$token.get();
  session.signOut();
  if (!token) return Promise.resolve();
  return api.request('POST', '/signout', SignOutSchema, { headers: { 'X-WP-Nonce': token } }).then(
    () => undefined,
    () => undefined,
  );
}
