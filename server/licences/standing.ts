import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db';
import { licences, payments } from '../db/schema';
import { HttpError } from '../http/errors';
import { usablePaymentStatus } from './records';

const parent = alias(licences, 'parent_licence');
const parentPayment = alias(payments, 'parent_payment');

/**
 * Whether a licence still stands: not disabled and its purchase still complete (not refunded), and
 * for a bundle's child licence the same of its bundle's. A signed link proves what was granted when
 * it was signed; this is what a download checks now, so a refund or a disable ends every link.
 */
export async function licenceStands(db: Database, licenceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: licences.id })
    .from(licences)
    .innerJoin(payments, eq(payments.id, licences.paymentId))
    .leftJoin(parent, eq(parent.id, licences.parentLicenceId))
    .leftJoin(parentPayment, eq(parentPayment.id, parent.paymentId))
    .where(
      and(
        eq(licences.id, licenceId),
        ne(licences.status, 'disabled'),
        eq(payments.status, usablePaymentStatus),
        sql`(${licences.parentLicenceId} is null or (${parent.status} <> 'disabled' and ${parentPayment.status} = ${usablePaymentStatus}))`,
      ),
    );
  return row !== undefined;
}

/** What a signed link (portal download, landing, update package) answers once its licence no longer stands. */
export const revokedLink = () =>
  new HttpError(
    403,
    'license_revoked',
    'This download link no longer works: its licence has been refunded or disabled.',
  );
