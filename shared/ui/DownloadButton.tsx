import { useStyles } from '../element/use-styles';
import { Button, type ButtonSize, type ButtonVariant } from './Button';
import downloadButtonStyles from './download-button.css?inline';

export interface DownloadButtonProps {
  /** This button's file is coming in. */
  busy: boolean;
  /** Bytes so far and in all (null when the server does not say); shown as a bar while busy. */
  progress: { loaded: number; total: number | null } | null;
  /** Another file is coming in: one at a time. */
  disabled?: boolean;
  onClick: () => void;
  /** The button's text; default 'Download'. */
  label?: string;
  /** Accessible name when several Download buttons share a table row's context. */
  'aria-label'?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * A Download button with a progress bar under it while its file arrives, so a large file shows how far
 * along it is. The bar is a native `<progress>`: indeterminate until the size is known.
 */
export function DownloadButton({
  busy,
  progress,
  disabled = false,
  onClick,
  label = 'Download',
  variant = 'primary',
  size = 'small',
  ...aria
}: DownloadButtonProps) {
  useStyles(downloadButtonStyles);
  const known = progress?.total ? progress : null;
  return (
    <span className="ui-download" data-state={busy ? 'busy' : 'idle'}>
      <Button
        variant={variant}
        size={size}
        loading={busy}
        disabled={disabled && !busy}
        aria-label={aria['aria-label']}
        onClick={onClick}
      >
        {label}
      </Button>
      {busy && (
        <progress
          className="ui-download__progress"
          part="download-progress"
          aria-label={aria['aria-label'] ?? label}
          max={known?.total ?? undefined}
          value={known ? known.loaded : undefined}
        />
      )}
    </span>
  );
}
