/** Reading and driving an element's shadow DOM in browser tests, as a user would. */

export function shadow(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
}

/** Polls `probe` until it returns something truthy, and returns it; fails after `timeout` ms. */
export async function until<T>(probe: () => T | null | undefined | false, timeout = 3000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeout) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function buttonByText(root: ParentNode, text: string): HTMLButtonElement | undefined {
  return [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === text);
}

export function linkByText(root: ParentNode, text: string): HTMLAnchorElement | undefined {
  return [...root.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent?.trim() === text);
}

/** The text of each row of the first table, cell by cell. */
export function tableRows(root: ParentNode): string[][] {
  return [...root.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
  );
}

/** Sets a controlled input's value so that React and Preact both see the change, as typing does. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
