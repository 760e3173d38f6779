import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { paging } from '../../shared/catalogue/paging';
import type { ManagedUser } from '../../shared/schemas/manager';
import type { ManagerStore } from '../../shared/stores/manager';
import { Button, Table, type TableColumn } from '../../shared/ui';
import { Pager } from './Pager';
import { ScrollRegion } from './ScrollRegion';
import { SearchBox } from './SearchBox';

export interface UsersTabProps {
  store: ManagerStore;
  /** Switches into the user; resolves when done, rejects with the spec's message. */
  onSwitch: (user: ManagedUser) => Promise<void>;
}

/** spec §2 Shop Manager, Users: search, 20 per page, 'Switch to user' per user. */
export function UsersTab({ store, onSwitch }: UsersTabProps) {
  const list = useStore(store.$users);
  const [switchingId, setSwitchingId] = useState<number | null>(null);
  const busy = list.state === 'idle' || list.state === 'loading';

  const switchTo = (user: ManagedUser) => {
    setSwitchingId(user.user_id);
    onSwitch(user).catch(() => setSwitchingId(null));
  };

  const columns: TableColumn<ManagedUser>[] = [
    { key: 'user_id', header: 'ID', cell: (user) => user.user_id, width: '5rem' },
    { key: 'name', header: 'Name', cell: (user) => user.name },
    { key: 'email', header: 'Email', cell: (user) => user.email },
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
    <div className="manager__panel">
      <SearchBox label="Search users" placeholder="Search by name or email" onSearch={store.users.search} />
      {list.state === 'error' && (
        <p className="manager__error" role="alert">
          {list.error}
        </p>
      )}
      <ScrollRegion label="Users table">
        <Table
          caption="Users"
          columns={columns}
          rows={list.rows}
          rowKey={(user) => user.user_id}
          emptyText="No user list found"
          loading={busy}
          skeletonRows={8}
        />
      </ScrollRegion>
      <Pager
        label="User pages"
        page={list.page}
        total={list.total}
        perPage={paging.users}
        busy={busy}
        onPage={(page) => void store.users.loadPage(page)}
      />
    </div>
  );
}
