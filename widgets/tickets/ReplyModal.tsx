import { useStore } from '@nanostores/react';
import { type FormEvent, useId, useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { ConversationStore } from '../../shared/stores/tickets';
import { Button, Field, Modal } from '../../shared/ui';
import { AttachmentPicker } from './AttachmentPicker';
import { UploadProgress } from './UploadProgress';

export interface ReplyModalProps {
  conversation: ConversationStore;
  conversationId: number;
  open: boolean;
  onClose: () => void;
}

/** 'New Reply' (spec §2 Conversation, §4): a message and attachments; on success it clears and closes. */
export function ReplyModal({ conversation, conversationId, open, onClose }: ReplyModalProps) {
  const { emit } = useElementHost();
  const state = useStore(conversation.$reply);
  const formId = useId();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  const close = () => {
    if (state.sending) return;
    conversation.resetReply();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await conversation.reply({ message, files })) {
      setMessage('');
      setFiles([]);
      emit('vendor-ticket-replied', { conversationId });
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="New Reply"
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
        <Field label="Message" error={state.errors.message} required>
          <textarea
            rows={6}
            value={message}
            data-autofocus
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
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
