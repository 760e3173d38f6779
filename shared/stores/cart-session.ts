import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { session } from './session';
import { switchBack } from './switch-back';

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
