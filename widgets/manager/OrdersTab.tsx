import { useStore } from '@nanostores/react';
import { formatDate, formatMoney, formatOrderNumber } from '../../shared/format';
import type { Order } from '../../shared/schemas/manager';
import { type ManagerStore, ORDERS_PER_PAGE } from '../../shared/stores/manager';
import type { TableColumn } from '../../shared/ui';
import { ListPanel } from './ListPanel';

const columns: TableColumn<Order>[] = [
  { key: 'ID', header: 'ID', cell: (order) => formatOrderNumber(order.number), width: '5rem' },
  { key: 'email', header: 'Email', cell: (order) => order.email },
  {
    key: 'products',
    header: 'Products',
    cell: (order) => order.products.map((p) => `${p.name} (${p.price_name})`).join(', '),
  },
  { key: 'gateway', header: 'Gateway', cell: (order) => order.gateway },
  { key: 'transaction_id', header: 'Transaction ID', cell: (order) => order.transaction_id ?? '' },
  { key: 'total', header: 'Total', align: 'end', cell: (order) => formatMoney(order.total) },
  { key: 'date', header: 'Date', cell: (order) => formatDate(order.date) },
];

/** spec §2 Shop Manager, Orders: every order, searchable, with the sales they add up to. */
export function OrdersTab({ store }: { store: ManagerStore }) {
  const list = useStore(store.$orders);
  return (
    <ListPanel
      list={list}
      actions={store.orders}
      perPage={ORDERS_PER_PAGE}
      search={{ label: 'Search orders', placeholder: 'Search by ID, email, gateway, product or transaction' }}
      names={{ table: 'Orders', pages: 'Order pages' }}
      scrollRegion="Orders table"
      columns={columns}
      rowKey={(order) => order.ID}
      emptyText="No orders found"
      summary={(busy) => (
        <p className="manager__sales" aria-live="polite">
          {busy ? '\u00a0' : `Sales: ${list.sales.count} completed, ${formatMoney(list.sales.total)}`}
        </p>
      )}
    />
  );
}
