import type { ActiveDownload } from '../../shared/stores/downloads';

export interface DownloadControlProps {
  label: string;
  /** The accessible name, e.g. 'Download Addons Plugin'. */
  name: string;
  /** This file is coming in: the button is busy and a progress bar shows how far. */
  active: ActiveDownload | null;
  /** Another file is coming in (one at a time). */
  disabled: boolean;
  onClick: () => void;
}

/**
 * A download button with its progress bar. Plain markup with this element's own styles: the shared
 * primitives' stylesheet alone would cost this element 2.4 KB of its budget for one button.
 */
export function DownloadControl({ label, name, active, disabled, onClick }: DownloadControlProps) {
  const known = active?.total ? active : null;
  return (
    <span className="downloads__control">
      <button
        type="button"
        className="downloads__button"
        part="button"
        aria-label={name}
        aria-busy={active !== null || undefined}
        disabled={disabled && active === null}
        onClick={() => {
          if (!active) onClick();
        }}
      >
        {label}
      </button>
      {active && (
        <progress
          className="downloads__progress"
          part="download-progress"
          aria-label={name}
          max={known?.total ?? undefined}
          value={known ? known.loaded : undefined}
        />
      )}
    </span>
  );
}
