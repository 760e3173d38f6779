import { elements } from './registry';

/**
 * The autoloader (`loader.js`): paste it once and every `vendor-*` element on the page loads its own
 * chunk only when it appears, including elements that our elements render inside their shadow roots.
 * A second copy of the script on the same page does nothing.
 */
const guard = Symbol.for('vendor.loader');
const page = globalThis as typeof globalThis & { [guard]?: true };

if (!page[guard] && typeof document !== 'undefined') {
  page[guard] = true;
  const byTag = new Map(elements.map((entry) => [entry.tag, entry]));
  const selector = elements.map((entry) => entry.tag).join(',');
  const requested = new Set<string>();
  const watched = new WeakSet<Node>();

  const reserve = elements
    .map((entry) => `${entry.tag}:not(:defined){display:block;min-height:${entry.reserve}}`)
    .join('');
  // A constructed sheet works under a host page's strict CSP, where an inline <style> may be refused.
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(reserve);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = reserve;
    document.head.append(style);
  }

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    }
  });

  const watch = (root: Document | ShadowRoot) => {
    if (watched.has(root)) return;
    watched.add(root);
    observer.observe(root, { childList: true, subtree: true });
    scan(root);
  };

  const found = (element: Element) => {
    const tag = element.localName;
    const entry = byTag.get(tag as `vendor-${string}`);
    if (!entry) return;
    if (!requested.has(tag)) {
      requested.add(tag);
      entry.load().catch((error: unknown) => {
        requested.delete(tag);
        console.error(`[vendor] could not load <${tag}>`, error);
      });
    }
    // Our elements may render other elements inside their shadow roots: watch those too.
    customElements.whenDefined(tag).then(() => {
      if (element.shadowRoot) watch(element.shadowRoot);
    });
  };

  function scan(root: ParentNode) {
    if (root instanceof Element && root.matches(selector)) found(root);
    for (const element of root.querySelectorAll(selector)) found(element);
  }

  watch(document);
}
