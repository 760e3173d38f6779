import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { recoveryCodes } from '../db/schema';
import { keyedHash } from './secret-box';

export const recoveryCodeCount = 10;

/** No 0/O, 1/I/L: a code copied from paper is read back right. 10 of 31 symbols: about 50 bits. */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += alphabet[randomInt(alphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, newCode);
}

/** What the user typed, compared case-insensitively and without dashes or spaces. */
function normalise(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

const hashOf = (code: string) => keyedHash('recovery-code', normalise(code));

/** Replaces the account's codes with new ones; only their keyed hashes are stored. */
export async function replaceRecoveryCodes(
  db: Database,
  userId: number,
  codes: readonly string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
}

export async function deleteRecoveryCodes(db: Database, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Uses up one code; true when it was an unused code of this account. One conditional update: no reuse race. */
export async function redeemRecoveryCode(
  db: Database,
  userId: number,
  code: string,
  now = new Date(),
): Promise<boolean> {
  if (normalise(code) === '') return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashOf(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}
