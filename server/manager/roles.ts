import type { UserRow } from '../auth/sessions';
import { forbidden } from '../http/errors';

/**
 * Staff ranks for account switching and the manager pages (spec §6). A customer and any unknown type
 * rank 0; a staff member may only switch into an account ranked strictly below their own, so a shop
 * manager never becomes an admin or another manager, and an admin never a super-admin.
 */
const ranks: Record<string, number> = { SHOP_MANAGER: 1, ADMIN: 2, SUPER_ADMIN: 3 };

export function rankOf(accountType: string): number {
  return ranks[accountType] ?? 0;
}

export function isStaff(user: Pick<UserRow, 'accountType'>): boolean {
  return rankOf(user.accountType) > 0;
}

/** The user list and orders are for shop managers, admins and the super-admin; anyone else gets 403. */
export function requireStaff(user: UserRow): UserRow {
  if (!isStaff(user)) throw forbidden();
  return user;
}

export function canSwitchInto(
  actor: Pick<UserRow, 'id' | 'accountType'>,
  target: Pick<UserRow, 'id' | 'accountType' | 'status'>,
) {
  return (
    isStaff(actor) &&
    actor.id !== target.id &&
    target.status === 'active' &&
    rankOf(target.accountType) < rankOf(actor.accountType)
  );
}
