import type { ApiClient } from '../api/client';
import { SignInResponseSchema } from '../schemas/session';
import { session } from './session';

/**
 * Switches a shop manager back from the account they switched into (spec §4 Account switching): the
 * server answers with the manager's own session, and the dashboard reloads from scratch so no store
 * keeps the other account's data.
 */
export async function switchBack(api: ApiClient, userId: number): Promise<void> {
  const { data } = await api.post('/user-switch', SignInResponseSchema, {
    user_id: userId,
    switch_back: true,
  });
  session.setToken(data.token);
  session.setUser(data.user);
}
