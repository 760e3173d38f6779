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
 * @tag vendor-tickets
 * @attr {string} api-base - The vendor API v1 base URL. Default: the same origin's `/api/v1`.
 * @attr {'light'|'dark'|'auto'} theme - Colour scheme. Default: `light`.
 * @attr {number} conversation-id - Show this conversation instead of the ticket list.
 * @attr {string} conversation-url - Link template for 'View Threads', e.g. `/user/conversations/{id}`.
 * @fires vendor-ticket-open - `{id}`: 'View Threads' opened a conversation inside the element.
 * @fires vendor-ticket-created - `{subject}`: a ticket was created.
 * @fires vendor-ticket-replied - `{conversationId}`: a reply was sent.
 * @csspart root - The element's content.
 * @csspart add-ticket - The 'Add Ticket' button.
 * @csspart view-threads - A row's 'View Threads' control.
 * @csspart new-reply - The 'New Reply' button.
 * @csspart threads - The list of thread messages.
 * @csspart thread - One message; also `thread-self` (the customer's) or `thread-support`.
 * @csspart thread-closed - The 'Thread is marked as closed by …' line.
 * @csspart avatar - An author's picture or initials.
 * @csspart attachment - An attachment's download link.
 * @csspart attachments - The attachment picker in the forms.
 * @csspart progress - The upload progress bar.
 * @cssprop --vendor-color-primary - Buttons, links and the customer's own messages.
 * @cssprop --vendor-color-surface - Support messages.
 * @cssprop --vendor-radius - Message bubbles and buttons.
 */
export function Tickets({ apiBase, conversationId, conversationUrl }: TicketsProps) {
  const store = useMemo(() => ticketsStoreFor(apiFor(apiBase)), [apiBase]);
  const { emit } = useElementHost();
  const [opened, setOpened] = useState<number | null>(null);
  const shown = conversationId ?? opened;

  return (
    <div className="tickets" part="root">
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
      <Toaster />
    </div>
  );
}
