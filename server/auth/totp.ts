import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { openSecret, sealSecret } from './secret-box';

const issuer = 'Vendor Portal';
const stepSeconds = 30;

/** A new authenticator secret (base32, 160 bits as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export const sealTotpSecret = (secret: string): string => sealSecret(secret, 'totp-secret');
export const openTotpSecret = (sealed: string): string => openSecret(sealed, 'totp-secret');

/**
 * The 30-second time step a 6-digit code belongs to, accepting the step before and after (clock drift),
 * or null when it matches none. The caller records the step so that a code works only once.
 */
export function matchTotpStep(secret: string, code: string, now = new Date()): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = authenticator.clone({ window: 1, epoch: now.getTime() }).checkDelta(digits, secret);
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / stepSeconds) + delta;
}

/** The otpauth:// URI an authenticator app reads, and the same as a QR code image (a data URL). */
export async function totpSetup(
  secret: string,
  accountName: string,
): Promise<{ qrImage: string; uri: string }> {
  const uri = authenticator.keyuri(accountName, issuer, secret);
  const qrImage = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { qrImage, uri };
}
