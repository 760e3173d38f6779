/**
 * A press on a modal <dialog>'s ::backdrop: the event targets the dialog itself, at a point outside its
 * box (the top-left corner of the viewport, which a centred dialog never covers).
 */
export function pressBackdrop(dialog: Element): void {
  dialog.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 1, clientY: 1 }));
}

/** The element painted at the centre of `target`, seen from `target`'s own tree (through its shadow root). */
export function paintedAtCentreOf(target: Element): Element | null {
  const box = target.getBoundingClientRect();
  const root = target.getRootNode() as Document | ShadowRoot;
  return root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
}
