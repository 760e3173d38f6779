import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SignInResponse } from '../../shared/schemas/session';
import { buildSessionUser } from '../auth/session-user';
import { createSession, revokeSession, type SessionRow, type UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { auditLog, sessions, users } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { canSwitchInto, isStaff } from './roles';

/** Where each side lands after a switch (spec §4: the dashboard; the super-admin has their own). */
function landingFor(user: UserRow): string {
  return user.accountType === 'SUPER_ADMIN' ? '/user/admin_user/dashboard' : '/user/dashboard';
}

interface SwitchStep {
  from: SessionRow;
  /** The account the new session belongs to. */
  to: UserRow;
  /** Set when the new session is a switched one: the staff member it returns to. */
  switchedBy: UserRow | null;
  audit: { action: 'user_switch' | 'user_switch_back'; actor: UserRow; target: UserRow };
}

/**
 * One switch in one transaction: the old session ends, the new one starts, and the audit log records
 * who switched into whom, when and from which address. Either all three happen or none.
 */
async function switchSession(c: Context<AppEnv>, step: SwitchStep): Promise<SignInResponse> {
  const { db, config } = c.get('deps');
  const client = { ip: clientIp(c, config.trustProxy), userAgent: c.req.header('User-Agent') ?? null };
  const { token, session } = await db.transaction(async (tx) => {
    await revokeSession(tx, step.from.id);
    const created = await createSession(tx, config.session, step.to.id, client);
    let session = created.session;
    if (step.switchedBy) {
      const [updated] = await tx
        .update(sessions)
        .set({ switchedByUserId: step.switchedBy.id })
        .where(eq(sessions.id, created.session.id))
        .returning();
      if (!updated) throw new Error('Switched session update returned no row');
      session = updated;
    }
    await tx.insert(auditLog).values({
      actorUserId: step.audit.actor.id,
      action: step.audit.action,
      targetUserId: step.audit.target.id,
      ip: client.ip,
      details: { from_session: step.from.id, to_session: created.session.id, user_agent: client.userAgent },
    });
    return { token: created.token, session };
  });
  const user = await buildSessionUser(db, step.to, session);
  c.header('X-WP-Nonce', token);
  return { token, accountType: user.accountType, redirect: true, redirect_to: landingFor(step.to), user };
}

async function findUser(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * A shop manager or admin switches into `targetId` (spec §4). Refused with 403 for a customer, for a
 * target ranked as high as the caller (a manager into an admin), for a disabled account, and from a
 * session that is itself switched (switch back first); an unknown id is 404.
 */
export async function switchInto(
  c: Context<AppEnv>,
  actor: UserRow,
  current: SessionRow,
  targetId: number,
): Promise<SignInResponse> {
  if (!isStaff(actor) || current.switchedByUserId !== null) throw forbidden();
  const target = await findUser(c.get('deps').db, targetId);
  if (!target) throw notFound('No such user.');
  if (!canSwitchInto(actor, target)) throw forbidden('You are not allowed to switch into this account.');
  return switchSession(c, {
    from: current,
    to: target,
    switchedBy: actor,
    audit: { action: 'user_switch', actor, target },
  });
}

/**
 * Back from a switched session to the staff member's own account, with a fresh token (spec §4). Only the
 * session's own staff member can be named; one who has since lost the role is not let back in, and the
 * switched session ends (401), since Logout is hidden while switched.
 */
export async function switchBack(
  c: Context<AppEnv>,
  switchedUser: UserRow,
  current: SessionRow,
  staffId: number,
): Promise<SignInResponse> {
  const { db } = c.get('deps');
  if (current.switchedByUserId !== staffId) throw forbidden();
  const staff = await findUser(db, staffId);
  if (staff?.status !== 'active' || !isStaff(staff)) {
    await revokeSession(db, current.id);
    throw unauthorized('Your staff account can no longer switch back; please sign in again.');
  }
  return switchSession(c, {
    from: current,
    to: staff,
    switchedBy: null,
    audit: { action: 'user_switch_back', actor: staff, target: switchedUser },
  });
}
