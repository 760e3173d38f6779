import { type FormEvent, type ReactNode, useId } from 'react';
import { Button, Modal } from '../../shared/ui';

export interface SendModalProps {
  open: boolean;
  title: string;
  /** While sending, the modal cannot be dismissed (spec §4) and Submit shows its spinner. */
  sending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** The shell both ticket modals share: a form in a modal with Cancel and Submit. */
export function SendModal({ open, title, sending, onClose, onSubmit, children }: SendModalProps) {
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
      </form>
    </Modal>
  );
}
