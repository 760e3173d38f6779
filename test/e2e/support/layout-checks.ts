import type { Page } from '@playwright/test';

/**
 * Issue 25's layout checks, each run in the page (open shadow roots included) and answering what it
 * found as readable lines: empty when the page is as it should be.
 */

/**
 * What makes the document scroll sideways: the overflow, and the elements where it starts (past the
 * right edge while their parent is not, and not inside a box that scrolls or clips them).
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow <= 0) return [];
    const culprits: string[] = [];
    const name = (element: Element) => {
      const host = (element.getRootNode() as ShadowRoot).host?.localName ?? 'document';
      return `${host} > ${element.localName}.${(element.getAttribute('class') ?? '').split(/\s+/).join('.')}`;
    };
    const visit = (element: Element, parentPast: boolean) => {
      const right = element.getBoundingClientRect().right + scrollX;
      const past = right > width + 0.5;
      if (past && !parentPast && culprits.length < 3)
        culprits.push(`${name(element)} ends at ${Math.round(right)} px`);
      // What a scrolling or clipping box holds cannot widen the page.
      if (getComputedStyle(element).overflowX !== 'visible') return;
      for (const child of [...element.children, ...(element.shadowRoot?.children ?? [])]) visit(child, past);
    };
    visit(document.body, false);
    return [`scrolls ${overflow} px sideways at ${width} px: ${culprits.join('; ') || 'no element found'}`];
  });
}

/** Buttons and badges whose text does not fit in them (scrollWidth over clientWidth). */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'button, [role="button"], .ui-button, .ui-badge, [part~="badge"]';
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll<HTMLElement>(selector)) {
        if (!element.checkVisibility({ checkVisibilityCSS: true }) || element.clientWidth === 0) continue;
        // One pixel of rounding is not clipping.
        if (
          element.scrollWidth > element.clientWidth + 1 ||
          element.scrollHeight > element.clientHeight + 1
        ) {
          const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
          found.push(
            `"${text}" needs ${element.scrollWidth}×${element.scrollHeight} px in ${element.clientWidth}×${element.clientHeight}`,
          );
        }
      }
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
    };
    walk(document);
    return found;
  });
}

/** On a phone, the page's heading must be in the first screen: a person sees where they are. */
export function headingBelowFirstScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    let first: HTMLElement | undefined;
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll<HTMLElement>('*')) {
        if (!first && element.localName === 'h1' && element.checkVisibility()) first = element;
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    if (!first) return [];
    const top = first.getBoundingClientRect().top + scrollY;
    return top < innerHeight
      ? []
      : [`the heading "${first.textContent?.trim()}" starts at y = ${Math.round(top)}`];
  });
}

/**
 * Tables shown as stacked cards whose content is wider than the card: the card then scrolls sideways
 * inside the page (the document does not), and what sticks out, a Copy button, is cut off with no hint.
 * The centre check cannot see it: it scrolls each control into view first.
 */
export function overflowingCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const table of root.querySelectorAll<HTMLElement>('.ui-table')) {
        const stacked = getComputedStyle(table.querySelector('table') ?? table).display === 'block';
        if (!stacked || !table.checkVisibility() || table.scrollWidth <= table.clientWidth + 1) continue;
        const host = (table.getRootNode() as ShadowRoot).host?.localName ?? 'document';
        found.push(
          `${host}: a stacked table needs ${table.scrollWidth} px in its ${table.clientWidth} px card`,
        );
      }
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
    };
    walk(document);
    return found;
  });
}
