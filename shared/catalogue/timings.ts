/** Timing and retry constants of spec §9. */
export const timings = {
  /** Payment confirmation is asked again at most this many times when it failed. */
  confirmationMaxRetries: 5,
  /** The first confirmation request waits this long, giving the gateway's webhook a head start. */
  confirmationFirstDelayMs: 3000,
  /** Toasts close themselves after this long. */
  toastMs: 3000,
  /** The user-shell header becomes sticky once the page has scrolled more than this many pixels. */
  stickyHeaderPx: 300,
} as const;
