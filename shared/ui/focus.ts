/**
 * Focus helpers that see through shadow roots: inside an element `document.activeElement` is the host,
 * so the focused control is found by walking down the open shadow roots.
 */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Takes the user to a control: focus, and the control in the middle of the view, where a sticky header
 * or the fold of a long form cannot hide it (focus alone scrolls only as far as the nearest edge).
 */
export function reveal(control: HTMLElement): void {
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: 'center' });
}

/**
 * After a refused submit: reveals the first control `root` marks invalid (Field sets aria-invalid on a
 * control with a message), so keyboard, screen-reader and phone users land on what to fix.
 */
export function revealFirstInvalid(root: ParentNode): HTMLElement | null {
  const first = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (first) reveal(first);
  return first;
}
