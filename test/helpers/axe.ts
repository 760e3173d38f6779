import axe from 'axe-core';

/**
 * Runs axe-core on a document, an element or a shadow root and throws a readable list of violations.
 * axe walks open shadow roots itself when it starts from a host element or the document, so a shadow
 * root is checked through its host. Dialogs, popovers and toasts live in that same shadow root.
 */
export async function expectNoAxeViolations(root: Element | Document | ShadowRoot): Promise<void> {
  const context = root instanceof ShadowRoot ? root.host : root;
  await finiteAnimationsDone();
  const results = await axe.run(context as Element | Document, { resultTypes: ['violations'] });
  if (results.violations.length === 0) return;
  const lines = results.violations.flatMap((violation) => [
    `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`,
    ...violation.nodes.map((node) => `    at ${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`),
  ]);
  throw new Error(`axe found ${results.violations.length} violation(s):\n${lines.join('\n')}`);
}

/**
 * A fade-in caught half way shows text at half opacity, which axe reports as low contrast: wait for
 * entrance animations to end. Endless ones (spinners, skeleton pulses) are decorative and skipped.
 * `document.getAnimations()` leaves out shadow trees, so each open shadow root is asked too.
 */
async function finiteAnimationsDone(): Promise<void> {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i += 1) {
    for (const element of roots[i]?.querySelectorAll('*') ?? []) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  const finite = roots
    .flatMap((root) => root.getAnimations())
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
  await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
}
