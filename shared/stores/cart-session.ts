import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { session } from './session';

/** Logout from the header's dropdown: the server revokes the session, the page forgets it. */
export async function signOutFromCheckout(api: ApiClient): Promise<void> {
  try {
    await api.post('/signout', v.unknown());
  } finally {
    session.signOut();
  }
}
