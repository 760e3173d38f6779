import type { ReactNode, Ref } from 'react';
import { useElementHost } from './host-context';

export interface ElementTitleProps {
  /** Names the element's section (`aria-labelledby`), with or without a visible heading. */
  id?: string;
  className?: string;
  tabIndex?: number;
  ref?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/**
 * An element's own title: an h2 when the element stands alone on a page; left out when the page around
 * it already shows the title (`no-heading`, set by the portal under its h1), so a page has one heading.
 * The words then stay only as the hidden name of the section that `id` labels.
 */
export function ElementTitle({ id, className, tabIndex, ref, children }: ElementTitleProps) {
  const { titledByPage } = useElementHost();
  if (titledByPage) {
    return id ? (
      <span id={id} hidden>
        {children}
      </span>
    ) : null;
  }
  return (
    <h2 id={id} className={className} tabIndex={tabIndex} ref={ref}>
      {children}
    </h2>
  );
}

/**
 * A heading under the element's title: h3 under its own h2, h2 when the page's h1 titles the element
 * (`no-heading`), so heading levels still go down one at a time.
 */
export function ElementSubtitle({ children }: { children: ReactNode }) {
  const { titledByPage } = useElementHost();
  return titledByPage ? <h2>{children}</h2> : <h3>{children}</h3>;
}
