import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Mailer } from '../mail/mailer';
import { keyedHash } from './secret-box';

/** E-mail codes: 6 digits, valid 10 minutes, single use (the challenge forgets the hash once used). */
export const emailCodeTtlSeconds = 10 * 60;

export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Bound to its challenge: a code mailed for one sign-in is worth nothing in another. */
export function emailCodeHash(challengeId: number, code: string): string {
  return keyedHash('email-code', `${challengeId}:${code.replace(/\s/g, '')}`);
}

export function emailCodeMatches(
  stored: { hash: string | null; expiresAt: Date | null },
  challengeId: number,
  code: string,
  now = new Date(),
): boolean {
  if (!stored.hash || !stored.expiresAt || stored.expiresAt <= now) return false;
  const given = Buffer.from(emailCodeHash(challengeId, code));
  const expected = Buffer.from(stored.hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function mailEmailCode(mailer: Mailer, to: string, code: string): Promise<void> {
  await mailer.send({
    to,
    subject: `Your verification code: ${code}`,
    text: [
      `Your verification code is ${code}.`,
      '',
      'It is valid for 10 minutes and can be used once.',
      'If you did not try to sign in, change your password: someone knows it.',
    ].join('\n'),
  });
}
