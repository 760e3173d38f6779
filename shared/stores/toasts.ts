import { atom } from 'nanostores';
import { timings } from '../catalogue/timings';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** The toasts on screen, oldest first. One list per page: every element shows the same toasts. */
export const $toasts = atom<Toast[]>([]);

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let lastId = 0;

/** Shows a toast that closes itself after 3000 ms (spec §9). Returns its id for an early dismiss. */
export function showToast({ kind, message }: { kind: ToastKind; message: string }): number {
  lastId += 1;
  const id = lastId;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), timings.toastMs),
  );
  return id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const toasts = $toasts.get();
  if (toasts.some((toast) => toast.id === id)) $toasts.set(toasts.filter((toast) => toast.id !== id));
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $toasts.set([]);
}

/**
 * Several elements on one page each render a toaster; only the first in this list shows the toasts,
 * so a toast appears once. When it unmounts, the next one takes over.
 */
export const $toasterOwners = atom<readonly symbol[]>([]);

/**
 * Adds a toaster: after the others, or in front of them for a modal dialog's own toaster (`inDialog`),
 * since a modal dialog makes everything outside it inert, a toaster of the page behind included: the
 * toasts shown while it is open must live in it to be seen, dismissed and announced.
 */
export function claimToaster(owner: symbol, inDialog = false): () => void {
  const others = $toasterOwners.get();
  $toasterOwners.set(inDialog ? [owner, ...others] : [...others, owner]);
  return () => $toasterOwners.set($toasterOwners.get().filter((o) => o !== owner));
}
