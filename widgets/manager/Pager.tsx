import { Button } from '../../shared/ui';

export interface PagerProps {
  label: string;
  page: number;
  total: number;
  perPage: number;
  busy: boolean;
  onPage: (page: number) => void;
}

/** Previous / 'Page N of M' / Next under a list; hidden while everything fits on one page. */
export function Pager({ label, page, total, perPage, busy, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="manager__pager" aria-label={label}>
      <Button variant="secondary" size="small" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button
        variant="secondary"
        size="small"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
