/**
 * 2FA setup levels of spec §4 and §9, as the server sends them (strings: '2.1' is not a number to add
 * to). 1: choose a method; 2 / 2.1: configure the authenticator or e-mail (2.1 fetches the QR code and
 * key if missing); 3 / 3.1: download recovery codes (3.1 requests them if missing).
 */
export const twoFactorLevels = ['1', '2', '2.1', '3', '3.1'] as const;
export type TwoFactorLevel = (typeof twoFactorLevels)[number];

export const twoFactorMethods = ['totp', 'email'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

/** Narrows a header or body value (string or number) to a setup level, or null when it is none. */
export function toTwoFactorLevel(value: unknown): TwoFactorLevel | null {
  const text = typeof value === 'number' ? String(value) : value;
  return twoFactorLevels.find((level) => level === text) ?? null;
}

/**
 * Spec §4: configuring a method while the other one is on turns the other off first, then configures.
 * The question asked before, by the method to configure.
 */
export const switchMethodQuestions: Record<TwoFactorMethod, string> = {
  totp: 'Turn off e-mail codes and set up the authenticator app?',
  email: 'Turn off the authenticator app and set up e-mail codes?',
};
