import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { TicketsStore } from '../../shared/stores/tickets';
import { Field } from '../../shared/ui';
import { SendModal } from './SendModal';

export interface NewTicketModalProps {
  store: TicketsStore;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Create New Ticket' (spec §2 My Tickets, §4): Subject, Message, attachments, Cancel and Submit. While
 * the ticket is created the modal cannot be dismissed; on success it closes, clears and the list reloads.
 */
export function NewTicketModal({ store, open, onClose }: NewTicketModalProps) {
  const { emit } = useElementHost();
  const state = useStore(store.$create);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  const close = () => {
    if (state.sending) return;
    store.resetCreate();
    onClose();
  };

  const submit = async () => {
    if (await store.createTicket({ subject, message, files })) {
      setSubject('');
      setMessage('');
      setFiles([]);
      emit('vendor-ticket-created', { subject });
      onClose();
    }
  };

  return (
    <SendModal
      open={open}
      title="Create New Ticket"
      sending={state.sending}
      onClose={close}
      onSubmit={() => void submit()}
      attachments={{ files, onChange: setFiles, error: state.errors.files, progress: state.progress }}
    >
      <Field label="Subject" error={state.errors.subject} required>
        <input
          type="text"
          value={subject}
          autoComplete="off"
          data-autofocus
          onChange={(event) => setSubject(event.currentTarget.value)}
        />
      </Field>
      <Field label="Message" error={state.errors.message} required>
        <textarea rows={6} value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
      </Field>
    </SendModal>
  );
}
