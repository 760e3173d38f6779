import { readFileSync } from 'node:fs';
import { commonPasswordMessage } from '../../shared/schemas/reauth-messages';
import { validationError } from '../http/errors';

/**
 * The 10,000 most common passwords (common-passwords.txt says where the list comes from). They are in
 * lower case, and a password is compared in lower case: 'Password1' meets the strength rule but is
 * the list's 'password1', the first thing a guesser tries.
 */
let list: Set<string> | null = null;
function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Refuses a common new password as a field error on `field` (each form names it its own way). */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw validationError({ [field]: commonPasswordMessage });
}
