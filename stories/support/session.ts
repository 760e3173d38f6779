import type { Decorator } from '@storybook/react-vite';
import { session } from '../../shared/stores/session';

/*
 * The docs are served on the portal's own origin (/docs/), where localStorage holds the reader's real
 * session token. Stories therefore set the page's session in memory only: `session.setToken()` or
 * `signOut()` would write that key and sign the reader in or out of the portal in every tab.
 */

/** The element sees a signed-in visitor (the fixture API accepts any token). */
export const signedIn: Decorator = (Story) => {
  session.$token.set('story-session-token');
  return Story();
};

/** The element sees a visitor who is not signed in. */
export const signedOut: Decorator = (Story) => {
  session.$token.set(null);
  session.$user.set(null);
  return Story();
};
