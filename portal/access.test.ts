import { describe, expect, it } from 'vitest';
import { mayOpen, showsInSidebar, type Viewer } from './access';
import type { RouteEntry } from './routes';

function entry(flags: Partial<RouteEntry>): RouteEntry {
  return {
    key: 'x',
    layout: '/user',
    path: '/x',
    name: 'X',
    icon: 'x',
    element: 'vendor-x',
    sidebar: true,
    is_admin_route: false,
    is_manager_route: false,
    verified: true,
    customer_only: false,
    ...flags,
  };
}

const kinds = {
  plain: entry({}),
  admin: entry({ is_admin_route: true }),
  manager: entry({ is_manager_route: true }),
  customerOnly: entry({ customer_only: true }),
} as const;
type Kind = keyof typeof kinds;

/**
 * Spec §6, as a table: for each account type and each entry kind, whether it shows, once with
 * is_customer unset and once with is_customer explicitly false. The visibility table is narrowed by the
 * route filtering (issue #23: no link may lead where its role cannot go): an ADMIN's admin entry and a
 * default user's manager entry, which §6's table alone would show, are hidden.
 */
const expected: Record<string, Record<Kind, [boolean, boolean]>> = {
  SUPER_ADMIN: {
    plain: [false, false],
    admin: [true, true],
    manager: [true, true],
    customerOnly: [false, false],
  },
  ADMIN: { plain: [true, true], admin: [false, false], manager: [true, true], customerOnly: [true, true] },
  SHOP_MANAGER: {
    plain: [true, true],
    admin: [false, false],
    manager: [true, true],
    customerOnly: [true, false],
  },
  CUSTOMER: {
    plain: [true, true],
    admin: [false, false],
    manager: [false, false],
    customerOnly: [true, false],
  },
  VISITOR: {
    plain: [true, true],
    admin: [false, false],
    manager: [false, false],
    customerOnly: [true, false],
  },
};

describe('sidebar visibility (spec §6)', () => {
  for (const [accountType, row] of Object.entries(expected)) {
    for (const [kind, [whenUnset, whenNotCustomer]] of Object.entries(row) as [Kind, [boolean, boolean]][]) {
      it(`${accountType} × ${kind}`, () => {
        const viewer = (isCustomer: boolean | null): Viewer => ({ accountType, isCustomer });
        expect(showsInSidebar(kinds[kind], viewer(null))).toBe(whenUnset);
        expect(showsInSidebar(kinds[kind], viewer(true))).toBe(whenUnset);
        expect(showsInSidebar(kinds[kind], viewer(false))).toBe(whenNotCustomer);
      });
    }
  }

  it('hides entries that are not sidebar entries or that have sub-views', () => {
    const viewer = { accountType: 'ADMIN', isCustomer: true };
    expect(showsInSidebar(entry({ sidebar: false }), viewer)).toBe(false);
    expect(showsInSidebar(entry({ views: [entry({})] }), viewer)).toBe(false);
  });
});

describe('route access (spec §6)', () => {
  it('keeps a customer out of the manager page and admin pages', () => {
    const customer = { accountType: 'CUSTOMER', isCustomer: true };
    expect(mayOpen(kinds.manager, customer)).toBe(false);
    expect(mayOpen(kinds.admin, customer)).toBe(false);
    expect(mayOpen(kinds.plain, customer)).toBe(true);
  });

  it('lets a super-admin open only admin pages and the manager page', () => {
    const superAdmin = { accountType: 'SUPER_ADMIN', isCustomer: false };
    expect(mayOpen(kinds.admin, superAdmin)).toBe(true);
    expect(mayOpen(kinds.manager, superAdmin)).toBe(true);
    expect(mayOpen(kinds.plain, superAdmin)).toBe(false);
  });

  it('closes customer-only pages to non-customers but not to admins', () => {
    expect(mayOpen(kinds.customerOnly, { accountType: 'SHOP_MANAGER', isCustomer: false })).toBe(false);
    expect(mayOpen(kinds.customerOnly, { accountType: 'ADMIN', isCustomer: false })).toBe(true);
    expect(mayOpen(kinds.customerOnly, { accountType: 'CUSTOMER', isCustomer: null })).toBe(true);
  });
});
