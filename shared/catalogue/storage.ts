/** The local storage keys of spec §9, spelled exactly as the spec names them. */
export const storageKeys = {
  /** The session token (the nonce). */
  accessToken: 'access_token',
  /** The cart saved while the agency-bundle upsell is ticked, restored when it is unticked. */
  oldCart: 'old_cart',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
