import { createElement, useEffect } from 'react';
import type { ElementUse } from './route-element';

export interface RouteElementProps {
  use: ElementUse;
  apiBase: string | undefined;
  theme: string | undefined;
  /** The shell's h1 already names the page: the element leaves out its own heading (`no-heading`). */
  titledByPage?: boolean;
}

/*
 * The element chunks this build ships, by tag (widgets/<name>/define.ts, as in widgets/registry.ts). The
 * portal keeps its own map rather than importing the loader's, so the loader stays one small file.
 */
const loaders = import.meta.glob(['../*/define.ts', '!../portal/define.ts']);
const byTag = new Map(
  Object.entries(loaders).map(([path, load]) => [`vendor-${path.split('/')[1]}`, { load }]),
);

/**
 * Renders a route's element. Its chunk is loaded here (not only by the loader) so the portal works
 * however it was included; an element this build does not ship yet shows a plain notice.
 */
export function RouteElement({ use, apiBase, theme, titledByPage = false }: RouteElementProps) {
  const entry = byTag.get(use.tag);
  useEffect(() => {
    void entry?.load();
  }, [entry]);
  if (!entry) {
    return (
      <p className="portal__coming" role="status">
        This page is coming soon.
      </p>
    );
  }
  // The class lets portal.css hand the portal's --vendor-* theme down to the nested element.
  const attributes: Record<string, string> = { ...use.attributes, class: 'portal__element' };
  if (apiBase) attributes['api-base'] = apiBase;
  if (theme) attributes.theme = theme;
  if (titledByPage) attributes['no-heading'] = 'true';
  return createElement(use.tag, attributes);
}
