import { atom, computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import { storageKeys } from '../catalogue/storage';
import type { SessionUser } from '../schemas/session';
import { createBrowserStorage, type KeyValueStorage } from './storage';

/** localStorage key of the token (spec §9). Only sign-in info is persisted (spec §3). */
export const ACCESS_TOKEN_KEY = storageKeys.accessToken;

/** Why the session ended or changed, for the shell to react (route to sign-in, company form, …). */
export type SessionNotice =
  | { kind: 'signed-out'; message: string | null }
  | { kind: 'company-not-found' }
  | { kind: 'access-removed'; message: string };

export interface SessionStore {
  readonly $token: WritableAtom<string | null>;
  readonly $user: WritableAtom<SessionUser | null>;
  readonly $signedIn: ReadableAtom<boolean>;
  readonly $notice: WritableAtom<SessionNotice | null>;
  /**
   * The server said this session's account must set up or use 2FA (`X-2FA-Setup` / `X-2FA-Required`
   * on a signed-in answer, spec §7): the user shell's 2FA banner shows (spec §2).
   */
  readonly $twoFactorDue: WritableAtom<boolean>;
  /** A switch into or back from another account is under way: the user shell's loading style (spec §2). */
  readonly $switching: WritableAtom<boolean>;
  /** Stores a new token (sign-in, or the server's refreshed nonce). */
  setToken(token: string): void;
  setUser(user: SessionUser | null): void;
  /** Forgets the token and the user; `message` is shown when the server said why (Token_error). */
  signOut(message?: string | null): void;
  /** `company-not-found`: clear the session and send the user to the company form (spec §4). */
  companyNotFound(): void;
  /** `access-removed`: show the message; the shell reloads the profiles. */
  accessRemoved(message: string): void;
}

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  const $token = atom<string | null>(storage.get(ACCESS_TOKEN_KEY));
  const $user = atom<SessionUser | null>(null);
  const $notice = atom<SessionNotice | null>(null);
  const $twoFactorDue = atom(false);
  const $switching = atom(false);

  function clear(): void {
    storage.remove(ACCESS_TOKEN_KEY);
    $token.set(null);
    $user.set(null);
    $twoFactorDue.set(false);
  }

  return {
    $token,
    $user,
    $notice,
    $twoFactorDue,
    $switching,
    $signedIn: computed($token, (token) => token !== null && token !== ''),
    setToken(token) {
      storage.set(ACCESS_TOKEN_KEY, token);
      $token.set(token);
    },
    setUser(user) {
      $user.set(user);
    },
    signOut(message = null) {
      clear();
      $notice.set({ kind: 'signed-out', message });
    },
    companyNotFound() {
      clear();
      $notice.set({ kind: 'company-not-found' });
    },
    accessRemoved(message) {
      $notice.set({ kind: 'access-removed', message });
    },
  };
}

/**
 * The page-wide session: every element on a page shares it (they share this module through the common
 * chunk), and it follows sign-in and sign-out made in other tabs through the `storage` event.
 */
export const session = createSessionStore(createBrowserStorage());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== ACCESS_TOKEN_KEY) return;
    if (event.newValue) session.$token.set(event.newValue);
    else if (session.$token.get()) session.signOut();
  });
}
