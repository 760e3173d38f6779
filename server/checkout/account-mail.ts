import { newAccountKeyTtlSeconds, resetLink } from '../auth/password-reset';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { NewAccount } from './account';

/**
 * The mail of an account made at purchase: the e-mail address to sign in with (the sign-in form takes
 * nothing else) and the single-use link to choose a password. It never carries a password.
 */
export async function mailNewAccount(
  deps: { mailer: Mailer; logger: Logger; portalOrigin: string },
  account: NewAccount,
): Promise<void> {
  try {
    await deps.mailer.send({
      to: account.email,
      subject: 'Your account: choose your password',
      text: [
        'Thank you for your purchase! An account was created for you.',
        '',
        `Sign in with your e-mail address: ${account.email}`,
        '',
        'Choose your password with this link:',
        resetLink(deps.portalOrigin, account.passwordKey, account),
        '',
        `The link works once, within ${newAccountKeyTtlSeconds / 3600} hours. After that, ask for a new one with "Forgot password" at ${new URL('/auth/forget-pass', deps.portalOrigin)}.`,
        `Sign in at: ${new URL('/auth/sign-in', deps.portalOrigin)}`,
      ].join('\n'),
    });
  } catch (error) {
    // The purchase stands; the buyer can still get a link with "Forgot password".
    deps.logger.error('new account mail failed', { userId: account.userId, error });
  }
}
