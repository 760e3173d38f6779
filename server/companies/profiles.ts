import { and, eq } from 'drizzle-orm';
import { accessRemoved } from '../analytics/scope';
import type { UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { auditLog, companies, companyMembers, users } from '../db/schema';
import { notFound } from '../http/errors';

/** The creator of a company may do everything in it. */
const ownerPermissions = { view_reports: true, export_data: true, manage_company: true };

/**
 * `POST /company` (spec §2, §8): a company with `user` as its first member, made their active profile.
 * One transaction with its audit line; answers the updated user.
 */
export async function createCompany(db: Database, user: UserRow, name: string, ip: string): Promise<UserRow> {
  const updated = await db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name }).returning({ id: companies.id });
    if (!company) throw notFound();
    await tx
      .insert(companyMembers)
      .values({ companyId: company.id, userId: user.id, rolePermission: ownerPermissions });
    await tx.insert(auditLog).values({
      actorUserId: user.id,
      action: 'company_create',
      targetUserId: user.id,
      ip,
      details: { company: company.id },
    });
    const [row] = await tx
      .update(users)
      .set({ activeCompanyId: company.id, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return row;
  });
  if (!updated) throw notFound();
  return updated;
}

/**
 * `POST /user/switch-account` (spec §7): makes a company `user` belongs to their active profile. The
 * membership is read under a row lock in the transaction of the switch, so a removal committed meanwhile
 * is seen. A company the caller never belonged to is answered like one that does not exist.
 */
export async function switchCompany(
  db: Database,
  user: UserRow,
  companyId: number,
  ip: string,
): Promise<{ user: UserRow; rolePermission: Record<string, boolean> }> {
  return db.transaction(async (tx) => {
    const [membership] = await tx
      .select({
        name: companies.name,
        rolePermission: companyMembers.rolePermission,
        removed: companyMembers.removed,
      })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, user.id)))
      .limit(1)
      .for('update', { of: companyMembers });
    if (!membership) throw notFound('No such company.');
    if (membership.removed) throw accessRemoved(membership.name);
    await tx.insert(auditLog).values({
      actorUserId: user.id,
      action: 'company_switch',
      targetUserId: user.id,
      ip,
      details: { from_company: user.activeCompanyId, to_company: companyId },
    });
    const [updated] = await tx
      .update(users)
      .set({ activeCompanyId: companyId, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw notFound();
    return { user: updated, rolePermission: membership.rolePermission };
  });
}
