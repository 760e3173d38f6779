import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { useStyles } from '../element/use-styles';
import popoverStyles from './menu-popover.css?inline';

/** The gap between a button and its menu, and the least room a menu keeps from the view's edge. */
const gap = 4;

/**
 * Places a menu under its button, aligned with the button's end edge (the right one, the left one in a
 * right-to-left page), in viewport coordinates: a popover in the top layer is fixed to the viewport.
 */
function placeUnder(button: HTMLElement, menu: HTMLElement): void {
  const box = button.getBoundingClientRect();
  const rtl = getComputedStyle(button).direction === 'rtl';
  const viewWidth = document.documentElement.clientWidth;
  Object.assign(menu.style, {
    top: `${box.bottom + gap}px`,
    bottom: 'auto',
    left: rtl ? `${Math.max(gap, box.left)}px` : 'auto',
    right: rtl ? 'auto' : `${Math.max(gap, viewWidth - box.right)}px`,
    maxHeight: '',
  });
}

/** Once shown and measurable: a menu that would run past the bottom of the view opens above its button. */
function keepInView(button: HTMLElement, menu: HTMLElement): void {
  const box = button.getBoundingClientRect();
  const below = window.innerHeight - box.bottom - gap * 2;
  const above = box.top - gap * 2;
  if (menu.offsetHeight <= below || above <= below) {
    menu.style.maxHeight = `${Math.max(below, 0)}px`;
    return;
  }
  Object.assign(menu.style, {
    top: 'auto',
    bottom: `${window.innerHeight - box.top + gap}px`,
    maxHeight: `${above}px`,
  });
}

export interface MenuPopover<Menu extends HTMLElement> {
  /** True while the menu shows: for the button's aria-expanded. */
  open: boolean;
  /** The menu's id: the button's `popoverTarget` and `aria-controls`. */
  menuId: string;
  /** The menu's `ref`: a callback, so a menu rendered later (once signed in) is still wired. */
  menuRef: (menu: Menu | null) => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Closes the menu and gives focus back to its button (after choosing an item). */
  close: () => void;
}

/**
 * A menu button's popover (`popover="auto"` on the menu, `popoverTarget={menuId}` on its button): the
 * platform opens and closes it on a press of the button, shows it in the top layer above the host page,
 * closes it on Escape (focus back to the button) and on a press anywhere else. This hook places it by
 * its button each time it opens and mirrors its state, read from the DOM's toggle event, for
 * aria-expanded.
 */
export function useMenuPopover<Menu extends HTMLElement>(): MenuPopover<Menu> {
  useStyles(popoverStyles);
  const menuId = useId();
  const [menu, menuRef] = useState<Menu | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    if (!menu) return;
    const onBeforeToggle = (event: Event) => {
      const button = buttonRef.current;
      if (!button) return;
      if ((event as ToggleEvent).newState === 'open') placeUnder(button, menu);
      // Closing with focus inside (Escape from an item): back to the button before the menu hides and
      // focus falls to the page. Chromium's own restore misses focus inside a shadow root.
      else if (menu.contains((menu.getRootNode() as Document | ShadowRoot).activeElement)) button.focus();
    };
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === 'open';
      const button = buttonRef.current;
      if (button && opened) keepInView(button, menu);
      setOpen(opened);
    };
    menu.addEventListener('beforetoggle', onBeforeToggle);
    menu.addEventListener('toggle', onToggle);
    return () => {
      menu.removeEventListener('beforetoggle', onBeforeToggle);
      menu.removeEventListener('toggle', onToggle);
    };
  }, [menu]);

  const close = () => {
    if (menu?.matches(':popover-open')) menu.hidePopover();
    buttonRef.current?.focus();
  };

  return { open, menuId, menuRef, buttonRef, close };
}
