import { type FormEvent, type ReactNode, useId } from 'react';
import { Button, Modal } from '../../shared/ui';
import { AttachmentPicker } from './AttachmentPicker';
import { UploadProgress } from './UploadProgress';

export interface SendModalProps {
  open: boolean;
  title: string;
  /** While sending, the modal cannot be dismissed (spec §4) and Submit shows its spinner. */
  sending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** The attachments both forms take, below their own fields; the upload's progress while sending. */
  attachments: {
    files: readonly File[];
    onChange: (files: File[]) => void;
    error: string | undefined;
    progress: number | null;
  };
  children: ReactNode;
}

/** The shell both ticket modals share: a form with attachments in a modal with Cancel and Submit. */
export function SendModal({
  open,
  title,
  sending,
  onClose,
  onSubmit,
  attachments,
  children,
}: SendModalProps) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      dismissable={!sending}
      busy={sending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={sending}>
            Submit
          </Button>
        </>
      }
    >
      <form id={formId} className="tickets__form" noValidate onSubmit={submit}>
        {children}
        <AttachmentPicker
          files={attachments.files}
          onChange={attachments.onChange}
          error={attachments.error}
          disabled={sending}
        />
        {sending && attachments.files.length > 0 && <UploadProgress progress={attachments.progress} />}
      </form>
    </Modal>
  );
}
