import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { SessionUserSchema } from '../schemas/session';
import { session } from './session';
import { switchBack } from './switch-back';

const loading = new Set<string>();

/**
 * The checkout header needs the signed-in user's name (spec §2): a CMS page has only the stored token,
 * so the user is loaded once from `GET /profile`. A failure leaves the header as it is; a bad token
 * signs out in the API client.
 */
export async function ensureSessionUser(api: ApiClient): Promise<void> {
  if (!session.$token.get() || session.$user.get() || loading.has(api.baseURL)) return;
  loading.add(api.baseURL);
  try {
    const { data } = await api.get('/profile', SessionUserSchema);
    session.setUser(data);
  } catch {
    // Nothing to show but the Sign In link.
  } finally {
    loading.delete(api.baseURL);
  }
}

/** Logout from the header's dropdown: the server revokes the session, the page forgets it. */
export async function signOutFromCheckout(api: ApiClient): Promise<void> {
  try {
    await api.post('/signout', v.unknown());
  } finally {
    session.signOut();
  }
}

/**
 * Switch Back from the header's dropdown (spec §2, §4 Account switching), as the portal's header does:
 * the server hands back the shop manager's own session. False when the session is not a switched one.
 */
export async function switchBackFromCheckout(api: ApiClient): Promise<boolean> {
  const back = session.$user.get()?.switch_back_to;
  if (!back) return false;
  await switchBack(api, back.user_id);
  return true;
}
