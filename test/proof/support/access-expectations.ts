import { type Role, roles } from './access-world';

/** The HTTP status each role must get from one probe. 2xx/3xx: allowed; 4xx: refused. */
export type Expectation = Readonly<Record<Role, number>>;

const each = (status: number, overrides: Partial<Record<Role, number>> = {}): Expectation => ({
  ...(Object.fromEntries(roles.map((role) => [role, status])) as Record<Role, number>),
  ...overrides,
});

/** Public: the same answer for a visitor and for every account. */
export const everyone = (status: number): Expectation => each(status);

/** Any account, its own data; a visitor is told to sign in. */
export const signedIn = (status: number): Expectation => each(status, { anonymous: 401 });

/** A's object: only A; everyone else is answered as if it did not exist. */
export const ownerOnly = (status: number, others = 404): Expectation =>
  each(others, { anonymous: 401, customerA: status });

/** A's ticket: A and the support staff (shop manager, admin, super-admin). */
export const ownerAndStaff = (status: number): Expectation =>
  each(404, { anonymous: 401, customerA: status, manager: status, admin: status, superAdmin: status });

/** Staff pages (user list, orders): customers are refused with 403. */
export const staffOnly = (status: number): Expectation =>
  each(403, { anonymous: 401, manager: status, admin: status, superAdmin: status });

/** The company member's reports; an account that belongs to no company gets 403. */
export const companyOnly = (status: number): Expectation =>
  each(403, { anonymous: 401, companyMember: status });

/** The affiliate's own lists; any other account is answered as if the affiliate did not exist. */
export const affiliateOnly = (status: number): Expectation =>
  each(404, { anonymous: 401, affiliate: status });

/** ADMIN and SUPER_ADMIN (vendor API keys), not the shop manager. */
export const adminOnly = (status: number): Expectation =>
  each(403, { anonymous: 401, admin: status, superAdmin: status });

export const superAdminOnly = (status: number): Expectation =>
  each(403, { anonymous: 401, superAdmin: status });

export const isAllowed = (status: number): boolean => status < 400;
