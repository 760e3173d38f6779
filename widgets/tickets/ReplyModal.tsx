import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { ConversationStore } from '../../shared/stores/tickets';
import { Field } from '../../shared/ui';
import { SendModal } from './SendModal';

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
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  const close = () => {
    if (state.sending) return;
    conversation.resetReply();
    onClose();
  };

  const submit = async () => {
    if (await conversation.reply({ message, files })) {
      setMessage('');
      setFiles([]);
      emit('vendor-ticket-replied', { conversationId });
      onClose();
    }
  };

  return (
    <SendModal
      open={open}
      title="New Reply"
      sending={state.sending}
      onClose={close}
      onSubmit={() => void submit()}
      attachments={{ files, onChange: setFiles, error: state.errors.files, progress: state.progress }}
    >
      <Field label="Message" error={state.errors.message} required>
        <textarea
          rows={6}
          value={message}
          data-autofocus
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
      </Field>
    </SendModal>
  );
}
