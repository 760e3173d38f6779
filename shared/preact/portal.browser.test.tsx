import { createContext, type ReactNode, useContext, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Select } from '../ui/Select';

/*
 * createPortal of shared/preact/react-dom.ts, run in Chromium with the embed build's aliases: where the
 * content lands, which context and ids it gets, and when it is there for its owner (as React commits it).
 */

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

/** Renders `ui` in a fresh shadow root that `ui` may portal into. */
function mountWithRoot(ui: (root: ShadowRoot) => ReactNode): ShadowRoot {
  view = renderInShadow(<span />);
  view.rerender(ui(view.shadowRoot));
  return view.shadowRoot;
}

const Theme = createContext('none');

function Overlay() {
  const theme = useContext(Theme);
  const id = useId();
  return (
    <div className="overlay" id={id} data-theme={theme}>
      overlay
    </div>
  );
}

function Page({ container }: { container: ShadowRoot }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <Theme.Provider value="dark">
      <p id={id}>page</p>
      <button type="button" onClick={() => setOpen(!open)}>
        Toggle
      </button>
      {open && createPortal(<Overlay />, container)}
    </Theme.Provider>
  );
}

describe('createPortal on Preact', () => {
  it('puts the content directly in the container, after what is there, with the owner context', async () => {
    const root = mountWithRoot((container) => <Page container={container} />);
    await settle();
    const overlay = $(root, '.overlay');
    expect(overlay.parentNode).toBe(root);
    expect(root.lastElementChild).toBe(overlay);
    expect(overlay.dataset.theme).toBe('dark');
    // The page's root and the portal's root both number their ids from zero: they must still differ.
    expect(overlay.id).not.toBe($(root, 'p').id);
    expect(root.querySelectorAll(`[id="${overlay.id}"]`)).toHaveLength(1);
  });

  it('removes the content when the portal goes, and brings it back', async () => {
    const root = mountWithRoot((container) => <Page container={container} />);
    await settle();
    await userEvent.click($(root, 'button'));
    await settle();
    expect(root.querySelector('.overlay')).toBeNull();
    await userEvent.click($(root, 'button'));
    await settle();
    expect(root.querySelectorAll('.overlay')).toHaveLength(1);
    expect($(root, 'p').textContent).toBe('page');
  });

  it('follows a context change even when nothing between the provider and the portal renders again', async () => {
    function ThemeSwitch({ children }: { children: ReactNode }) {
      const [theme, setTheme] = useState('light');
      return (
        <Theme.Provider value={theme}>
          <button type="button" onClick={() => setTheme('dark')}>
            Dark
          </button>
          {children}
        </Theme.Provider>
      );
    }
    // The portal is a child passed from above: ThemeSwitch's new state does not render it again.
    const root = mountWithRoot((container) => (
      <ThemeSwitch>{createPortal(<Overlay />, container)}</ThemeSwitch>
    ));
    await settle();
    expect($(root, '.overlay').dataset.theme).toBe('light');
    await userEvent.click($(root, 'button'));
    await settle();
    expect($(root, '.overlay').dataset.theme).toBe('dark');
  });

  it("commits the content before its owner's layout effects, on mount and on every update, as React does", async () => {
    const seen: string[] = [];
    function Popover({ container }: { container: ShadowRoot }) {
      const [open, setOpen] = useState(false);
      const panel = useRef<HTMLDivElement>(null);
      // Every render: the mount and the opening.
      useLayoutEffect(() => {
        seen.push(panel.current ? `hidden: ${panel.current.hidden}` : 'no panel');
      });
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          {createPortal(
            <div ref={panel} hidden={!open}>
              panel
            </div>,
            container,
          )}
        </>
      );
    }
    const root = mountWithRoot((container) => <Popover container={container} />);
    await settle();
    await userEvent.click($(root, 'button'));
    await settle();
    expect(seen).toEqual(['hidden: true', 'hidden: false']);
  });

  it('lets a Select open with its chosen option scrolled into view (its list is portalled)', async () => {
    const options = Array.from({ length: 60 }, (_, index) => ({
      value: `${index}`,
      label: `Option ${index}`,
    }));
    view = renderInShadow(<Select aria-label="Option" options={options} value="55" onChange={() => {}} />);
    await settle();
    const root = view.shadowRoot;
    $(root, 'input').focus();
    await userEvent.keyboard('{ArrowDown}');
    await settle();
    const active = $(root, '[role="option"][data-state="active"]');
    expect(active.textContent).toBe('Option 55');
    const shown = $(root, '.ui-select__popup').getBoundingClientRect();
    const option = active.getBoundingClientRect();
    expect(option.top).toBeGreaterThanOrEqual(shown.top);
    expect(option.bottom).toBeLessThanOrEqual(shown.bottom);
  });
});
