/**
 * Story `play` steps reach into the element's shadow root (the React edition renders the view in the
 * shadow root of its wrapper div), waiting up to 5 s for the control to appear and be enabled.
 */
async function findInShadow(canvasElement: HTMLElement, selector: string, text: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    const root = canvasElement.querySelector('div')?.shadowRoot;
    const match = [...(root?.querySelectorAll<HTMLButtonElement>(selector) ?? [])].find(
      (node) => node.textContent === text && !node.disabled,
    );
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No enabled ${selector} "${text}" in the element within 5 s`);
}

/** A `play` that clicks the button labelled `label` (opens a modal, submits a form). */
export function clickInShadow(label: string) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    (await findInShadow(canvasElement, 'button', label)).click();
  };
}

/** A `play` that waits for the `selector` reading `text` to show (a banner's link, a message). */
export function seeInShadow(selector: string, text: string) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await findInShadow(canvasElement, selector, text);
  };
}
