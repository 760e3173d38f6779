import type { Page } from '@playwright/test';

/** A control whose centre point lands on something else. */
export interface CentreMiss {
  control: string;
  hit: string;
}

/**
 * Every visible button and link of the page, open shadow roots included, is scrolled into view and
 * hit-tested at its centre: the element there must be the control or inside it (else a click on the
 * middle of the control reaches whatever covers it). Runs in the page, one round trip per page.
 */
export function centreMisses(page: Page): Promise<CentreMiss[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], input[type="button"], input[type="submit"], input[type="reset"], [role="button"], [role="link"], [role="tab"], [role="menuitem"]';

    const controls: HTMLElement[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll<HTMLElement>(selector)) controls.push(element);
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) collect(element.shadowRoot);
    };
    collect(document);

    // The innermost element at a point: through every open shadow root on the way down.
    const deepest = (x: number, y: number): Element | null => {
      let hit = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      return hit;
    };
    // Containment across shadow boundaries (a slotted or shadow child is inside its host).
    const inside = (node: Node | null, control: Element): boolean => {
      for (let at = node; at; at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)) {
        if (at === control) return true;
      }
      return false;
    };
    const describe = (element: Element): string => {
      const label =
        element.getAttribute('aria-label') ??
        element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ??
        '';
      const classes = element.getAttribute('class') ?? '';
      const host = (element.getRootNode() as ShadowRoot).host?.localName ?? 'document';
      return `${host} > ${element.localName}${classes ? `.${classes.split(/\s+/).join('.')}` : ''} "${label}"`;
    };

    const misses: { control: string; hit: string }[] = [];
    for (const control of controls) {
      if (!control.isConnected || control.checkVisibility?.({ checkVisibilityCSS: true }) === false) continue;
      control.scrollIntoView({ block: 'center', inline: 'center' });
      // A link wrapped over lines is boxes, one a line: the centre of their union may fall between
      // them, so the largest box stands for the control.
      const box = [...control.getClientRects()].reduce<DOMRect | undefined>(
        (largest, rect) =>
          !largest || rect.width * rect.height > largest.width * largest.height ? rect : largest,
        undefined,
      );
      if (!box) continue;
      // Visually hidden controls (skip links, 1 px clipped) are not meant to be clicked until focused.
      if (box.width <= 1 || box.height <= 1) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = deepest(x, y);
      if (!inside(hit, control))
        misses.push({ control: describe(control), hit: hit ? describe(hit) : 'nothing' });
    }
    return misses;
  });
}

/**
 * Counts the page's requests in flight, so a test can wait for a quiet page without `networkidle`'s
 * fixed half second per page.
 */
export function trackRequests(page: Page): { quiet: () => Promise<void> } {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return {
    async quiet() {
      // Quiet twice in a row 100 ms apart: a request started by the answer of another counts too.
      for (let calm = 0, waited = 0; calm < 2 && waited < 10_000; waited += 100) {
        await page.waitForTimeout(100);
        calm = inFlight <= 0 ? calm + 1 : 0;
      }
    },
  };
}

/** Waits until the page is quiet and nothing in it (shadow roots too) is busy. */
export async function settle(page: Page, requests: { quiet: () => Promise<void> }): Promise<void> {
  await page.waitForLoadState('load');
  await requests.quiet();
  await page
    .waitForFunction(
      () => {
        const busy = (root: Document | ShadowRoot): boolean =>
          root.querySelector('[aria-busy="true"]') !== null ||
          [...root.querySelectorAll('*')].some((element) => element.shadowRoot && busy(element.shadowRoot));
        return !busy(document);
      },
      undefined,
      { timeout: 5_000 },
    )
    // A view that stays busy is still checked as it is: the test is about covering, not loading.
    .catch(() => undefined);
  await requests.quiet();
}

/** Every `[role="tab"]` of the page (open shadow roots too), in document order. */
function deepTabs(): HTMLElement[] {
  const tabs: HTMLElement[] = [];
  const collect = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.getAttribute('role') === 'tab' && element instanceof HTMLElement) tabs.push(element);
      if (element.shadowRoot) collect(element.shadowRoot);
    }
  };
  collect(document);
  return tabs;
}

/** How many tabs the page shows: each one's panel is checked too. */
export function tabCount(page: Page): Promise<number> {
  return page.evaluate(`(${deepTabs.toString()})().length`) as Promise<number>;
}

/** Opens the n-th tab of the page as a click would. */
export async function openTab(page: Page, index: number): Promise<void> {
  await page.evaluate(`(${deepTabs.toString()})()[${index}]?.click()`);
}
