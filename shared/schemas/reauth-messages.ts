/** Messages of issue 26's account protections (strings only: bundles take just what they use). */

/** Re-authentication before a sensitive change (password, e-mail, 2FA, recovery codes). */
export const reauthMessages = {
  passwordEmpty: 'Please enter your current password',
  passwordWrong: 'The current password is not correct.',
  codeEmpty: 'Please enter a code from your authenticator app, your e-mail or a recovery code.',
  codeWrong: 'This code is not valid or was already used.',
} as const;

/** What staff working in a customer's account (a switched session) are told, by the server and the profile. */
export const switchedSessionMessage =
  "Staff working in a customer's account cannot change its password, e-mail address, two-factor authentication or saved cards.";

/** A new password (profile, reset, first password) that is among the most common ones. */
export const commonPasswordMessage = 'This password is too common, please choose another one.';
