import { atom } from 'nanostores';
import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { SessionUserSchema } from '../schemas/session';
import type { LoadState } from './load-state';
import { session } from './session';

// Its own module, so the checkout's header gets it without the portal's account loading.
export { switchBack } from './switch-back';

/** Whether the signed-in user's profile is loading (the shell shows a skeleton meanwhile). */
export const $sessionUserState = atom<LoadState>('idle');

let pending: Promise<void> | null = null;

/**
 * Loads the signed-in user (spec §2 User shell: "the profile is loaded when a token exists and no
 * sign-in state is loaded"). Concurrent callers share one request.
 */
export function loadSessionUser(api: ApiClient): Promise<void> {
  if (pending) return pending;
  $sessionUserState.set('loading');
  pending = api
    .get('/profile', SessionUserSchema)
    .then(({ data }) => {
      session.setUser(data);
      $sessionUserState.set('ready');
    })
    .catch(() => {
      // A 401 has already signed the session out (the client's error catalogue); anything else leaves
      // the shell usable without a profile.
      $sessionUserState.set('error');
    })
    .finally(() => {
      pending = null;
    });
  return pending;
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
  $sessionUserState.set('idle');
  if (!token) return Promise.resolve();
  return api.request('POST', '/signout', SignOutSchema, { headers: { 'X-WP-Nonce': token } }).then(
    () => undefined,
    () => undefined,
  );
}
