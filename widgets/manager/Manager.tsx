import { useEffect, useMemo, useState } from 'react';
import { apiFor } from '../../shared/api';
import { type CommonElementProps, useElementHost, useLeaveTo } from '../../shared/element';
import { portalPatterns } from '../../shared/portal/paths';
import type { ManagedUser } from '../../shared/schemas/manager';
import { managerStoreFor } from '../../shared/stores/manager';
import { showToast } from '../../shared/stores/toasts';
import { Tabs, Toaster } from '../../shared/ui';
import { OrdersTab } from './OrdersTab';
import { UsersTab } from './UsersTab';

export interface ManagerProps extends CommonElementProps {
  /** `tab`: the tab shown first, `users` (default) or `orders`. */
  tab?: string;
}

/** spec §4: after switching into a user the page goes to their dashboard. */
const switchedLanding = portalPatterns.dashboard;

/**
 * `<vendor-manager>`: the shop manager page (spec §2): tabs Users and Orders with search boxes, 20 per
 * page, and 'Switch to user' per user. Needs a signed-in shop manager, admin or super-admin.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Manager({ apiBase, tab }: ManagerProps) {
  const store = useMemo(() => managerStoreFor(apiFor(apiBase)), [apiBase]);
  const [active, setActive] = useState(tab === 'orders' ? 'orders' : 'users');
  const { emit } = useElementHost();
  const navigate = useLeaveTo();

  // Each list loads when its tab is first shown, once.
  useEffect(() => {
    void (active === 'orders' ? store.orders.load() : store.users.load());
  }, [active, store]);

  const switchTo = async (user: ManagedUser) => {
    try {
      // Announced before the session changes: after it, the portal no longer shows this page.
      await store.switchTo(user.user_id, () => {
        emit('vendor-user-switched', { user_id: user.user_id, name: user.name });
        navigate(switchedLanding);
      });
    } catch (error) {
      showToast({ kind: 'error', message: (error as Error).message });
      throw error;
    }
  };

  return (
    <section className="manager" aria-label="Shop manager">
      <Toaster />
      <Tabs
        label="Shop manager sections"
        value={active}
        onValueChange={setActive}
        items={[
          { id: 'users', label: 'Users', content: <UsersTab store={store} onSwitch={switchTo} /> },
          { id: 'orders', label: 'Orders', content: <OrdersTab store={store} /> },
        ]}
      />
    </section>
  );
}
