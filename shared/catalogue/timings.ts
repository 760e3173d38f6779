/** Timing and retry constants of spec §9. */
export const timings = {
  /** Payment confirmation is asked again at most this many times when it failed. */
  confirmationMaxRetries: 5,
  /** The first confirmation request waits this long, giving the gateway's webhook a head start. */
  confirmationFirstDelayMs: 3000,
  /**
   * A call that has not answered after this long fails (a readable message with Try again) instead of
   * spinning forever: the message shows within 10 s of the click. A file being downloaded counts only
   * until its answer starts.
   */
  requestTimeoutMs: 8000,
  /**
   * A change (a purchase, a card, a reply) is given longer: it may be waiting on a payment gateway, and a
   * buyer told it failed while it went through would pay twice.
   */
  changeTimeoutMs: 30_000,
  /** Toasts close themselves after this long. */
  toastMs: 3000,
  /** The user-shell header becomes sticky once the page has scrolled more than this many pixels. */
  stickyHeaderPx: 300,
} as const;
