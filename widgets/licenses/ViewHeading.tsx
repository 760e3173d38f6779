import { type ReactNode, useEffect, useRef } from 'react';
import { ElementTitle } from '../../shared/element/ElementTitle';
import { Button } from '../../shared/ui/Button';
import { texts } from './texts';

export interface ViewHeadingProps {
  children: ReactNode;
  /** Shows a Back button before the title. */
  onBack?: (() => void) | undefined;
  /** Focus the heading when the view appears after an in-element navigation. */
  focusOnMount?: boolean;
}

/**
 * A view's title with the optional Back button. After a navigation inside the element the heading takes
 * focus, so keyboard and screen-reader users land on the new view rather than on a button that is gone.
 */
export function ViewHeading({ children, onBack, focusOnMount = false }: ViewHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <div className="licences__head">
      {onBack && (
        <Button variant="secondary" size="small" onClick={onBack}>
          {texts.back}
        </Button>
      )}
      <ElementTitle ref={heading} className="licences__title" tabIndex={-1}>
        {children}
      </ElementTitle>
    </div>
  );
}
