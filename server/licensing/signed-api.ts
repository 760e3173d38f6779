import { createHash } from 'node:crypto';
import type { Database } from '../db';
import { siteKey } from '../licences/site-url';
import { activateLicense, checkLicense, deactivateLicense } from './edd/actions';
import { type EddAnswer, refusal } from './edd/answers';
import type { EddRequest } from './edd/request';
import { itemOfKey } from './items';
import { type SigningKey, signBytes } from './signing-key';

/** A licence file is valid this long offline; the software fetches a new one before then. */
export const licenceFileDays = 30;

export type LicenceCall = 'activate' | 'deactivate' | 'validate';

const calls = { activate: activateLicense, deactivate: deactivateLicense, validate: checkLicense } as const;

/** The answer of our JSON API: EDD's facts under plain names and types, and when it was issued. */
export interface LicenceAnswer {
  success: boolean;
  status: string;
  error: string | null;
  item_id: number | null;
  item_name: string | null;
  url: string | null;
  activation_limit: number | null;
  site_count: number | null;
  activations_left: number | null;
  expires_at: string | null;
  issued_at: string;
}

const numberOr = (value: unknown, none: unknown): number | null =>
  typeof value === 'number' && value !== none ? value : null;

function expiresAt(expires: unknown): string | null {
  if (typeof expires !== 'string' || expires === 'lifetime') return null;
  return `${expires.replace(' ', 'T')}Z`;
}

function toLicenceAnswer(edd: EddAnswer, url: string | undefined, now: Date): LicenceAnswer {
  const limit = numberOr(edd.license_limit, 0);
  return {
    success: edd.success === true,
    status: String(edd.license),
    error: typeof edd.error === 'string' ? edd.error : null,
    item_id: typeof edd.item_id === 'number' ? edd.item_id : null,
    item_name: typeof edd.item_name === 'string' && edd.item_name !== '' ? edd.item_name : null,
    url: url ?? null,
    activation_limit: limit,
    site_count: numberOr(edd.site_count, undefined),
    activations_left: limit === null ? null : numberOr(edd.activations_left, undefined),
    expires_at: expiresAt(edd.expires),
    issued_at: now.toISOString(),
  };
}

/** A request naming no item is for the key's own licence's item. */
async function withItem(db: Database, request: EddRequest): Promise<EddRequest | null> {
  if (request.itemId || request.itemName || !request.license) return request;
  const itemId = await itemOfKey(db, request.license);
  return itemId === null ? null : { ...request, itemId: String(itemId) };
}

/** `POST /api/v1/licenses/{activate,deactivate,validate}`: the EDD rules, answered in our shape. */
export async function licenceCall(
  db: Database,
  call: LicenceCall,
  request: EddRequest,
  now: Date,
): Promise<LicenceAnswer> {
  const named = await withItem(db, request);
  const edd = named
    ? await calls[call](db, named, now)
    : refusal(call === 'deactivate' ? 'failed' : 'invalid', 'missing');
  return toLicenceAnswer(edd, request.url, now);
}

/** A body and the headers that sign its exact bytes. */
export interface SignedBody {
  body: string;
  headers: Record<string, string>;
}

export function signedJson(value: unknown, key: SigningKey): SignedBody {
  const body = JSON.stringify(value);
  return {
    body,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Signature': signBytes(Buffer.from(body, 'utf8'), key),
      'X-Signature-Key-Id': key.keyId,
      'X-Signature-Algorithm': 'Ed25519',
    },
  };
}

/** What a licence file states; `payload` is this JSON, signed as it is. */
export interface LicenceFilePayload {
  type: 'licence-file';
  version: 1;
  license_sha256: string;
  item_id: number;
  item_name: string;
  site: string;
  status: 'valid';
  expires_at: string | null;
  issued_at: string;
  valid_until: string;
}

export interface LicenceFile {
  payload: string;
  signature: string;
  key_id: string;
  algorithm: 'Ed25519';
}

/**
 * `GET /api/v1/licenses/file`: for a licence valid for its item and active on the site, a file the
 * software verifies offline for 30 days (the payload's `valid_until`); null otherwise.
 */
export async function licenceFile(
  db: Database,
  request: EddRequest,
  now: Date,
  key: SigningKey,
): Promise<{ file: LicenceFile } | { refused: LicenceAnswer }> {
  const checked = await licenceCall(db, 'validate', request, now);
  const site = request.url ? siteKey(request.url) : null;
  if (!checked.success || checked.item_id === null || site === null || !request.license) {
    return { refused: checked };
  }
  const payload: LicenceFilePayload = {
    type: 'licence-file',
    version: 1,
    license_sha256: createHash('sha256').update(request.license).digest('hex'),
    item_id: checked.item_id,
    item_name: checked.item_name ?? '',
    site,
    status: 'valid',
    expires_at: checked.expires_at,
    issued_at: now.toISOString(),
    valid_until: new Date(now.getTime() + licenceFileDays * 86_400_000).toISOString(),
  };
  const text = JSON.stringify(payload);
  return {
    file: {
      payload: text,
      signature: signBytes(Buffer.from(text, 'utf8'), key),
      key_id: key.keyId,
      algorithm: 'Ed25519',
    },
  };
}
