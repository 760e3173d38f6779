import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { MainLandmark } from './MainLandmark';

let view: Rendered | undefined;
const outside: HTMLElement[] = [];
afterEach(() => {
  view?.unmount();
  view = undefined;
  for (const node of outside.splice(0)) node.remove();
});

describe('MainLandmark', () => {
  it("is the page's <main> on a page without one, and a <div> inside a page's <main> (one main per page)", async () => {
    view = renderInShadow(<MainLandmark className="shell">On its own</MainLandmark>);
    await settle();
    expect(view.shadowRoot.querySelector('main.shell')?.textContent).toBe('On its own');

    // A CMS theme's content area: the element sits inside the page's main.
    const themeMain = document.createElement('main');
    document.body.append(themeMain);
    outside.push(themeMain);
    themeMain.append(view.host);
    view.rerender(<MainLandmark className="shell">In a theme</MainLandmark>);
    await settle();
    expect(view.shadowRoot.querySelector('main')).toBeNull();
    expect(view.shadowRoot.querySelector('div.shell')?.textContent).toBe('In a theme');
  });
});
