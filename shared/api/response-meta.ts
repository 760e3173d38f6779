/** What the API says in headers besides the body (spec §7): refreshed nonce, totals and 2FA signals. */
export interface ResponseMeta {
  /** The refreshed token (`X-WP-Nonce`), when the server rotated it. */
  nonce: string | null;
  /** `X-WP-Total`: the size of a paginated list. */
  total: number | null;
  totalPages: number | null;
  twoFactor: {
    required: boolean;
    /** Setup level: '1', '2', '2.1', '3' or '3.1' (spec §4). */
    setup: string | null;
    /** 'totp' or 'email'. */
    type: string | null;
    authId: string | null;
  };
}

function count(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function truthy(value: string | null): boolean {
  return value !== null && /^(1|true|yes)$/i.test(value.trim());
}

export function readResponseMeta(headers: Headers): ResponseMeta {
  return {
    nonce: headers.get('X-WP-Nonce'),
    total: count(headers.get('X-WP-Total')),
    totalPages: count(headers.get('X-WP-TotalPages')),
    twoFactor: {
      required: truthy(headers.get('X-2FA-Required')),
      setup: headers.get('X-2FA-Setup'),
      type: headers.get('X-2FA-Type'),
      authId: headers.get('X-2FA-Auth-Id'),
    },
  };
}
