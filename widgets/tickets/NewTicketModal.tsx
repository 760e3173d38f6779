import { useStore } from '@nanostores/react';
import { type FormEvent, useId, useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { TicketsStore } from '../../shared/stores/tickets';
import { Button, Field, Modal } from '../../shared/ui';
import { AttachmentPicker } from './AttachmentPicker';
import { UploadProgress } from './UploadProgress';

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
  const formId = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  const close = () => {
    if (state.sending) return;
    store.resetCreate();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.createTicket({ subject, message, files })) {
      setSubject('');
      setMessage('');
      setFiles([]);
      emit('vendor-ticket-created', { subject });
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Create New Ticket"
      dismissable={!state.sending}
      busy={state.sending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={state.sending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={state.sending}>
            Submit
          </Button>
        </>
      }
    >
      <form id={formId} className="tickets__form" noValidate onSubmit={(event) => void submit(event)}>
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
        <AttachmentPicker
          files={files}
          onChange={setFiles}
          error={state.errors.files}
          disabled={state.sending}
        />
        {state.sending && files.length > 0 && <UploadProgress progress={state.progress} />}
      </form>
    </Modal>
  );
}
