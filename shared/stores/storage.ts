/**
 * A key-value store over `localStorage` (or `sessionStorage`) that keeps working when storage is
 * unavailable (Safari private mode, sandboxed iframes, storage disabled by policy, a full quota): values
 * then live in memory for the page's lifetime. Only the keys of spec §9 are ever written to
 * `localStorage` through it, beside the guest cart token (cart-storage.ts).
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
    },
    remove: (key) => {
      values.delete(key);
    },
  };
}

/** Accessing `window.localStorage` itself can throw (SecurityError), so every access is guarded. */
function tryStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const storage = globalThis[kind];
    const probe = '__vendor_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function createBrowserStorage(backing: Storage | null = tryStorage('localStorage')): KeyValueStorage {
  const memory = createMemoryStorage();
  if (!backing) return memory;
  return {
    get(key) {
      try {
        return backing.getItem(key);
      } catch {
        return memory.get(key);
      }
    },
    set(key, value) {
      try {
        backing.setItem(key, value);
      } catch {
        memory.set(key, value);
      }
    },
    remove(key) {
      memory.remove(key);
      try {
        backing.removeItem(key);
      } catch {
        // Nothing stored there to remove.
      }
    },
  };
}

/** The same over `sessionStorage`: this tab only, gone when it closes. */
export function createSessionStorage(): KeyValueStorage {
  return createBrowserStorage(tryStorage('sessionStorage'));
}
