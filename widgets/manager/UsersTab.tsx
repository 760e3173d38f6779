import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { paging } from '../../shared/catalogue/paging';
import type { ManagedUser } from '../../shared/schemas/manager';
import type { ManagerStore } from '../../shared/stores/manager';
import { Button, type TableColumn } from '../../shared/ui';
import { ListPanel } from './ListPanel';

export interface UsersTabProps {
  store: ManagerStore;
  /** Switches into the user; resolves when done, rejects with the spec's message. */
  onSwitch: (user: ManagedUser) => Promise<void>;
}

/** spec §2 Shop Manager, Users: search, 20 per page, 'Switch to user' per user. */
export function UsersTab({ store, onSwitch }: UsersTabProps) {
  const list = useStore(store.$users);
  const [switchingId, setSwitchingId] = useState<number | null>(null);

  const switchTo = (user: ManagedUser) => {
    setSwitchingId(user.user_id);
    onSwitch(user).catch(() => setSwitchingId(null));
  };

  const columns: TableColumn<ManagedUser>[] = [
    { key: 'user_id', header: 'ID', cell: (user) => user.user_id, width: '5rem' },
    { key: 'name', header: 'Name', cell: (user) => <span className="manager__wrap">{user.name}</span> },
    {
      key: 'email',
      header: 'Email',
      cell: (user) => <span className="manager__wrap manager__wrap--email">{user.email}</span>,
    },
    {
      key: 'action',
      header: <span className="vendor-visually-hidden">Actions</span>,
      align: 'end',
      cell: (user) => (
        <Button
          size="small"
          variant="secondary"
          disabled={!user.can_switch || switchingId !== null}
          aria-busy={switchingId === user.user_id || undefined}
          aria-label={`Switch to user ${user.name}`}
          title={user.can_switch ? undefined : 'You cannot switch into this account'}
          onClick={() => switchTo(user)}
        >
          Switch to user
        </Button>
      ),
    },
  ];

  return (
    <ListPanel
      list={list}
      actions={store.users}
      perPage={paging.users}
      search={{ label: 'Search users', placeholder: 'Search by name or email' }}
      names={{ table: 'Users', pages: 'User pages' }}
      columns={columns}
      rowKey={(user) => user.user_id}
      emptyText="No user list found"
    />
  );
}
