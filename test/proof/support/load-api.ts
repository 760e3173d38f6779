import * as v from 'valibot';
import { type License, ProductListSchema } from '../../../shared/schemas/licences';
import type { ProofDatabase } from './postgres-database';

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
 * The active licences with room for `sites` more production sites each (unlimited counts as room), the
 * ones a load or race adds its sites to; empty when the customer has none.
 */
export function licencesWithRoom(licences: License[], sites: number): License[] {
  // `status` is already the effective one: a licence past its expiry date says 'expired'.
  const fits = (licence: License) =>
    licence.status === 'active' &&
    (licence.limit === null || licence.limit - licence.activation_count >= sites);
  return licences.filter(fits);
}

/**
 * `count` more licences of the demo customer, written straight to the proof's PostgreSQL database:
 * copies of its first active licence of a purchase (same purchase, product and tier), each active for a
 * year with room for 10 production sites, so a load's connections each add their sites to a licence of
 * their own, as customers' sites do. Answers them as `POST /site` names them.
 */
export async function moreDemoLicences(
  database: ProofDatabase,
  count: number,
): Promise<{ payment_id: number; license_id: number }[]> {
  const rows = await database.query<{ payment_id: number; license_id: number }>(
    `insert into licences (key, user_id, payment_id, payment_item_id, download_id, price_id, status,
       activation_limit, expires_at)
     select md5(random()::text || copy), l.user_id, l.payment_id, l.payment_item_id, l.download_id,
       l.price_id, 'active', 10, now() + interval '1 year'
     from generate_series(1, $1) copy,
       (select licences.* from licences join users on users.id = licences.user_id
        where users.email = $2 and licences.parent_licence_id is null and licences.status = 'active'
        order by licences.id limit 1) l
     returning payment_id, id as license_id`,
    [count, demoCustomer.username],
  );
  if (rows.length !== count) throw new Error(`The demo customer has no active licence to copy.`);
  return rows;
}
