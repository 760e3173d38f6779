import type { Page } from '@playwright/test';

/** The visible h1 and h2 texts of the page, open shadow roots included, as a person reads them. */
export function headings(page: Page): Promise<{ h1: string[]; h2: string[] }> {
  return page.evaluate(() => {
    const found = { h1: [] as string[], h2: [] as string[] };
    const walk = (root: Document | ShadowRoot) => {
      for (const heading of root.querySelectorAll<HTMLElement>('h1, h2')) {
        if (heading.checkVisibility()) {
          found[heading.tagName === 'H1' ? 'h1' : 'h2'].push((heading.textContent ?? '').trim());
        }
      }
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
    };
    walk(document);
    return found;
  });
}

/**
 * What breaks "one heading per page" (issue 23): not exactly one h1, or an h2 with the h1's words (an
 * element titling itself under the portal's page title). Sections named after part of the title ('PRO
 * Downloads' under 'Downloads') are sub-headings, not a second title. Empty when the page has one title.
 */
export async function headingProblems(page: Page): Promise<string[]> {
  const { h1, h2 } = await headings(page);
  if (h1.length !== 1) return [`${h1.length} h1 (${JSON.stringify(h1)})`];
  const title = (h1[0] ?? '').trim().toLowerCase();
  return h2
    .filter((words) => words.trim().toLowerCase() === title)
    .map((words) => `an h2 "${words}" repeats the h1 "${h1[0]}"`);
}
