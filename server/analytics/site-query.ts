import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { licences, sites } from '../db/schema';

/**
 * Which sites a report covers: those of licences for `downloadIds` (a company's products), or every site
 * when null (the super-admin's platform view).
 */
export interface ReportScope {
  downloadIds: readonly number[] | null;
}

export function licenceScope(scope: ReportScope): SQL | undefined {
  return scope.downloadIds === null ? undefined : inArray(licences.downloadId, [...scope.downloadIds]);
}

export const siteIsActive = isNull(sites.deactivatedAt);
export const siteIsDeactivated = isNotNull(sites.deactivatedAt);

/** The join every site figure starts from. */
export const siteLicenceJoin = eq(licences.id, sites.licenceId);

export function siteScope(scope: ReportScope, ...more: (SQL | undefined)[]): SQL | undefined {
  return and(licenceScope(scope), ...more);
}
