import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { companies, companyMembers, users } from '../db/schema';
import { forbidden, HttpError } from '../http/errors';

/** What a company member may do with its reports (the switch answer's role_permission, spec §6). */
export type ReportPermission = 'view_reports' | 'export_data';

export interface ActiveCompany {
  id: number;
  name: string;
  rolePermission: Record<string, boolean>;
}

/** spec §8 `company-not-found`: the client clears the session and opens the company form. */
export function companyNotFound(): HttpError {
  return new HttpError(404, 'company-not-found', 'No active company was found.', 'company-not-found');
}

/** spec §8 `access-removed`: the client says so and reloads the profiles. */
export function accessRemoved(name: string): HttpError {
  return new HttpError(403, 'access-removed', `Your access to ${name} has been removed.`, 'access-removed');
}

/**
 * The company the caller works in, checked for `permission`. Not a member of any company: 403 (a
 * customer). No active company: `company-not-found`. Access to the active one withdrawn: the active
 * company is cleared and the answer is `access-removed`.
 */
export async function activeCompanyFor(
  db: Database,
  user: UserRow,
  permission: ReportPermission,
): Promise<ActiveCompany> {
  const memberships = await db
    .select({
      id: companies.id,
      name: companies.name,
      rolePermission: companyMembers.rolePermission,
      removed: companyMembers.removed,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id));
  if (memberships.length === 0) throw forbidden();
  const active = memberships.find((m) => m.id === user.activeCompanyId);
  if (!active) throw companyNotFound();
  if (active.removed) {
    await db
      .update(users)
      .set({ activeCompanyId: null, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.activeCompanyId, active.id)));
    throw accessRemoved(active.name);
  }
  if (active.rolePermission[permission] !== true) throw forbidden();
  return { id: active.id, name: active.name, rolePermission: active.rolePermission };
}
