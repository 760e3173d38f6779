import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderInShadow } from '../../test/helpers/render';
import { Distribution } from './Distribution';
import reportStyles from './reports.css?inline';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function until(probe: () => boolean, timeout = 5000): Promise<void> {
  const started = performance.now();
  while (!probe()) {
    if (performance.now() - started > timeout) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a distribution chart', () => {
  it('keeps long labels on one line each, clear of the next bar’s (the table keeps them whole)', async () => {
    const counts = [
      { label: 'I found a better plugin', count: 5 },
      { label: 'I only needed the plugin for a short period', count: 3 },
      { label: 'It is a temporary deactivation', count: 2 },
      { label: 'I no longer need the plugin', count: 1 },
    ];
    view = renderInShadow(
      <div style={{ width: '280px' }}>
        <Distribution title="Deactivation reasons" label="Reason" counts={counts} />
      </div>,
      { styles: reportStyles },
    );
    const root = view.shadowRoot;
    await until(() => root.querySelectorAll('.ct-label.ct-vertical').length === counts.length);
    const labels = [...root.querySelectorAll<HTMLElement>('.ct-label.ct-vertical')];
    // Chartist gives each label a box one bar high: text wrapped onto two lines overflows it, into the next.
    for (const label of labels)
      expect(label.scrollHeight, label.textContent ?? '').toBeLessThanOrEqual(label.clientHeight + 1);
    expect(labels.map((label) => label.textContent)).toContain('I only needed t…');
    expect(root.querySelector('table')?.textContent).toContain('I only needed the plugin for a short period');
  });
});
