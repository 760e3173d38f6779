import { useMemo, useState } from 'react';
import { apiFor } from '../../shared/api';
import { type CommonElementProps, useElementHost } from '../../shared/element';
import { ticketsStoreFor } from '../../shared/stores/tickets';
import { Toaster } from '../../shared/ui';
import { ConversationView } from './ConversationView';
import { TicketList } from './TicketList';

export interface TicketsProps extends CommonElementProps {
  /** `conversation-id`: show this conversation (the portal's /user/conversations/{id}) instead of the list. */
  conversationId?: number;
  /** `conversation-url`: where 'View Threads' leads, with `{id}`; without it the element opens it itself. */
  conversationUrl?: string;
}

/**
 * `<vendor-tickets>`: the customer's support tickets (spec §2 My Tickets) and, with `conversation-id`,
 * one conversation (spec §2 Conversation) with replies and attachments.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Tickets({ apiBase, conversationId, conversationUrl }: TicketsProps) {
  const store = useMemo(() => ticketsStoreFor(apiFor(apiBase)), [apiBase]);
  const { emit } = useElementHost();
  const [opened, setOpened] = useState<number | null>(null);
  const shown = conversationId ?? opened;

  return (
    <div className="tickets" part="root">
      <Toaster />
      {shown ? (
        <ConversationView
          key={shown}
          store={store}
          id={shown}
          onBack={conversationId ? undefined : () => setOpened(null)}
        />
      ) : (
        <TicketList
          store={store}
          conversationUrl={conversationUrl}
          onOpen={(id) => {
            emit('vendor-ticket-open', { id });
            setOpened(id);
          }}
        />
      )}
    </div>
  );
}
