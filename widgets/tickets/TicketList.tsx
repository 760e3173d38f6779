import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { safeHttpUrl } from '../../shared/api/safe-url';
import { ElementTitle } from '../../shared/element/ElementTitle';
import { formatDate, ticketBadge } from '../../shared/format';
import type { Ticket } from '../../shared/schemas/tickets';
import type { TicketsStore } from '../../shared/stores/tickets';
import { Badge, Button, ButtonLink, LoadFailure, Table, type TableColumn } from '../../shared/ui';
import { NewTicketModal } from './NewTicketModal';

export interface TicketListProps {
  store: TicketsStore;
  /** A link template with `{id}`; without it 'View Threads' opens the conversation in the element. */
  conversationUrl?: string | undefined;
  onOpen: (id: number) => void;
}

function conversationHref(template: string | undefined, id: number): string | null {
  return template ? safeHttpUrl(template.replaceAll('{id}', String(id))) : null;
}

/** Spec §2 My Tickets: Subject, Status, Created at, Waiting Since and 'View Threads', plus 'Add Ticket'. */
export function TicketList({ store, conversationUrl, onOpen }: TicketListProps) {
  const list = useStore(store.$list);
  const [adding, setAdding] = useState(false);
  const headingId = useId();

  useEffect(() => {
    void store.load();
  }, [store]);

  const columns: TableColumn<Ticket>[] = [
    { key: 'subject', header: 'Subject', cell: (ticket) => ticket.subject },
    {
      key: 'status',
      header: 'Status',
      cell: (ticket) => <Badge tone={ticketBadge(ticket.status)}>{ticket.status}</Badge>,
    },
    { key: 'createdAt', header: 'Created at', cell: (ticket) => formatDate(ticket.createdAt) },
    {
      key: 'waiting',
      header: 'Waiting Since',
      cell: (ticket) => ticket.customerWaitingSince?.friendly || '—',
    },
    {
      key: 'action',
      header: <span className="vendor-visually-hidden">Actions</span>,
      align: 'end',
      cell: (ticket) => {
        const href = conversationHref(conversationUrl, ticket.id);
        return href ? (
          <ButtonLink variant="secondary" size="small" href={href} part="view-threads">
            View Threads
          </ButtonLink>
        ) : (
          <Button variant="secondary" size="small" part="view-threads" onClick={() => onOpen(ticket.id)}>
            View Threads
          </Button>
        );
      },
    },
  ];

  const loading = list.state === 'idle' || list.state === 'loading';

  return (
    <section className="tickets__list" aria-labelledby={headingId} aria-busy={loading}>
      <div className="tickets__header">
        <ElementTitle id={headingId} className="tickets__heading">
          My Tickets
        </ElementTitle>
        <Button part="add-ticket" onClick={() => setAdding(true)}>
          Add Ticket
        </Button>
      </div>
      {list.state === 'error' ? (
        <LoadFailure message={list.error} onRetry={() => void store.reload()} />
      ) : (
        <Table
          caption="My Tickets"
          columns={columns}
          rows={list.tickets}
          rowKey={(ticket) => ticket.id}
          emptyText=" No tickets found"
          loading={loading}
          skeletonRows={3}
        />
      )}
      <NewTicketModal store={store} open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
