import * as v from 'valibot';
import { type License, ProductListSchema } from '../../../shared/schemas/licences';

/** The demo customer of server/README.md, who owns purchases, licences and sites. */
export const demoCustomer = { username: 'customer@example.com', password: 'Customer#2026' } as const;

/** Signs in through the API as a browser would and answers the session token (`X-WP-Nonce`). */
export async function signIn(
  baseUrl: string,
  account: { username: string; password: string },
): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/v1/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  const token = answer.headers.get('X-WP-Nonce');
  if (answer.status !== 200 || !token) {
    throw new Error(`Sign-in as ${account.username} answered ${answer.status}: ${await answer.text()}`);
  }
  return token;
}

/** The signed-in customer's licences, from `GET /products` (first page, 20 per page). */
export async function ownLicences(baseUrl: string, token: string): Promise<License[]> {
  const answer = await fetch(`${baseUrl}/api/v1/products?page=1&per_page=20`, {
    headers: { 'X-WP-Nonce': token },
  });
  if (answer.status !== 200) throw new Error(`GET /products answered ${answer.status}`);
  return v.parse(ProductListSchema, await answer.json()).map((product) => product.license);
}

/**
 * An active licence with room for `sites` more production sites (unlimited counts as room), the one a
 * load or race adds its sites to; null when the customer has none.
 */
export function licenceWithRoom(licences: License[], sites: number): License | null {
  // `status` is already the effective one: a licence past its expiry date says 'expired'.
  const fits = (licence: License) =>
    licence.status === 'active' &&
    (licence.limit === null || licence.limit - licence.activation_count >= sites);
  return licences.find(fits) ?? null;
}
