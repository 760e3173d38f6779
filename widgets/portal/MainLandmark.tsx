import type { ReactNode } from 'react';
import { useElementHost } from '../../shared/element';

/**
 * The portal's content area (part `main`): a `<main>` of its own, unless the page already holds the
 * element inside its main (a CMS page's content area: a WordPress theme wraps every page's content in
 * `<main>`). A page has one main landmark, at its top level (axe landmark-main-is-top-level,
 * landmark-no-duplicate-main).
 */
export function MainLandmark({ className, children }: { className: string; children: ReactNode }) {
  const { container } = useElementHost();
  const insideHostMain = container?.host.closest('main, [role="main"]') != null;
  return insideHostMain ? (
    <div className={className} part="main">
      {children}
    </div>
  ) : (
    <main className={className} part="main">
      {children}
    </main>
  );
}
