import { useStyles } from '../element/use-styles';
import spinnerStyles from './spinner.css?inline';

/** A decorative spinning ring; whatever is busy says so itself (aria-busy, a label). */
export function Spinner({ size = '1em' }: { size?: string }) {
  useStyles(spinnerStyles);
  return <span className="ui-spinner" aria-hidden="true" style={{ width: size, height: size }} />;
}
