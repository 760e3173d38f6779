/**
 * Version order as WordPress plugins number them (`2.10.1` after `2.9`, `3.0.0-beta.2` before `3.0.0`),
 * close to PHP's `version_compare` for the versions a release script sends.
 */

/** A version a release may carry: digits and dots, with an optional pre-release part. */
export const versionPattern = /^\d{1,6}(?:\.\d{1,6}){0,3}(?:-[0-9A-Za-z.]{1,40})?$/;

function parts(version: string): { numbers: number[]; pre: string | null } {
  const [core = '', ...rest] = version.split('-');
  return { numbers: core.split('.').map(Number), pre: rest.length ? rest.join('-') : null };
}

/** Negative when `a` is older than `b`, positive when newer, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  const length = Math.max(left.numbers.length, right.numbers.length);
  for (let i = 0; i < length; i++) {
    const difference = (left.numbers[i] ?? 0) - (right.numbers[i] ?? 0);
    if (difference !== 0) return difference;
  }
  // A pre-release comes before its release.
  if (left.pre === right.pre) return 0;
  if (left.pre === null) return 1;
  if (right.pre === null) return -1;
  return left.pre.localeCompare(right.pre, 'en', { numeric: true });
}
