import { requestFailures } from '../api/messages/request-failures';
import { useStyles } from '../element/use-styles';
import { buttonStyles } from './Button';
import loadFailureStyles from './load-failure.css?inline';

export interface LoadFailureProps {
  /** What failed, in the spec's words (shared/api/load-failure.ts `loadFailureText`); null: the default. */
  message: string | null;
  /** Asks again: the store's reload. A failed load is asked for again only from here. */
  onRetry: () => void;
  className?: string;
}

/**
 * What a view shows in place of data that failed to load: the message, announced, and a Try again
 * button. Every view uses this one, so no failure is left blank and none re-requests by itself.
 */
export function LoadFailure({ message, onRetry, className }: LoadFailureProps) {
  useStyles(buttonStyles, loadFailureStyles);
  return (
    <div className={className ? `ui-load-failure ${className}` : 'ui-load-failure'} part="load-failure">
      <p className="ui-load-failure__message" role="alert">
        {message || requestFailures.default}
      </p>
      {/* The button's look without Button's loading state, which a retry does not need (the view shows
          its skeleton meanwhile): the smallest elements pay for this one. */}
      <button
        type="button"
        className="ui-btn ui-btn--secondary ui-btn--small"
        part="button retry"
        onClick={onRetry}
      >
        Try again
      </button>
    </div>
  );
}
