import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, createSessionStore } from './session';
import { createBrowserStorage, createMemoryStorage } from './storage';

describe('session store', () => {
  it('persists the token under access_token and nothing else', () => {
    const storage = createMemoryStorage();
    const session = createSessionStore(storage);
    session.setToken('abc');
    expect(ACCESS_TOKEN_KEY).toBe('access_token');
    expect(storage.get('access_token')).toBe('abc');
    expect(session.$signedIn.get()).toBe(true);
  });

  it('starts signed in when a token is stored', () => {
    const storage = createMemoryStorage();
    storage.set('access_token', 'kept');
    expect(createSessionStore(storage).$token.get()).toBe('kept');
  });

  it('sign-out clears the stored token and the user', () => {
    const storage = createMemoryStorage();
    const session = createSessionStore(storage);
    session.setToken('abc');
    session.signOut('Session expired');
    expect(storage.get('access_token')).toBeNull();
    expect(session.$user.get()).toBeNull();
    expect(session.$signedIn.get()).toBe(false);
    expect(session.$notice.get()).toEqual({ kind: 'signed-out', message: 'Session expired' });
  });
});

describe('storage adapter', () => {
  it('falls back to memory when localStorage throws', () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    const storage = createBrowserStorage(throwing);
    storage.set('access_token', 'x');
    expect(() => storage.get('access_token')).not.toThrow();
    expect(() => storage.remove('access_token')).not.toThrow();
  });

  it('works with no storage at all', () => {
    const storage = createBrowserStorage(null);
    storage.set('k', 'v');
    expect(storage.get('k')).toBe('v');
    storage.remove('k');
    expect(storage.get('k')).toBeNull();
  });

  it('uses localStorage when it works', () => {
    localStorage.clear();
    const storage = createBrowserStorage(localStorage);
    storage.set('access_token', 'real');
    expect(localStorage.getItem('access_token')).toBe('real');
  });
});
