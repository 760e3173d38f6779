import { useStyles } from '../../shared/element/use-styles';
import { formatMoney } from '../../shared/format/money';
import { buttonStyles } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';

/**
 * The pay button (spec §4): a spinner while the cart loads, 'Processing...' while disabled (a valid
 * submit until the browser leaves), otherwise 'Pay ${total}'.
 */
export function PayButton({
  total,
  loading,
  processing,
}: {
  total: number;
  loading: boolean;
  processing: boolean;
}) {
  useStyles(buttonStyles);
  return (
    <button
      type="submit"
      className="ui-btn ui-btn--primary co-pay__submit"
      part="pay-button"
      disabled={processing}
      aria-disabled={loading || undefined}
      aria-busy={loading || processing}
    >
      {loading ? (
        <>
          <Spinner />
          <span className="vendor-visually-hidden">Loading</span>
        </>
      ) : processing ? (
        'Processing...'
      ) : (
        `Pay ${formatMoney(total)}`
      )}
    </button>
  );
}
