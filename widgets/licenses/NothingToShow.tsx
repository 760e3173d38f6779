import { Button } from '../../shared/ui/Button';
import { texts } from './texts';

/**
 * A view opened without what it shows (Upgrade License without `license_id`, Manage License without a
 * purchase): the empty text and Back, the one thing that can work from here.
 */
export function NothingToShow({ text, onBack }: { text: string; onBack: (() => void) | undefined }) {
  return (
    <section className="licences__view">
      {onBack && (
        <div className="licences__head">
          <Button variant="secondary" size="small" onClick={onBack}>
            {texts.back}
          </Button>
        </div>
      )}
      <p className="licences__muted">{text}</p>
    </section>
  );
}
