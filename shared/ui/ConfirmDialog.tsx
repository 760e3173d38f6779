import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to cancel/reactivate subscription?'; also the dialog's name. */
  question: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: Yes shows a spinner, nothing else can be pressed or dismissed. */
  busy?: boolean;
  /** Yes in the danger colour for destructive actions. */
  danger?: boolean;
  noLabel?: string;
  yesLabel?: string;
}

/** A yes/no question in a small alert dialog. Focus starts on No, the choice that changes nothing. */
export function ConfirmDialog({
  open,
  question,
  onConfirm,
  onCancel,
  busy = false,
  danger = false,
  noLabel = 'No',
  yesLabel = 'Yes',
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={question}
      size="small"
      role="alertdialog"
      dismissable={!busy}
      footer={
        <>
          <Button variant="secondary" data-autofocus disabled={busy} onClick={onCancel}>
            {noLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {yesLabel}
          </Button>
        </>
      }
    />
  );
}
