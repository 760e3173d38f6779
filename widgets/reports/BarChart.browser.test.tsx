import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderInShadow } from '../../test/helpers/render';
import { barSize, labelStep } from './BarChart';
import { Distribution } from './Distribution';
import { MonthlyChart } from './MonthlyChart';
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

describe('a monthly chart', () => {
  const months = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`);
  const series: [number[], number[]] = [months.map((_, i) => i % 5), months.map((_, i) => i % 3)];

  async function render(width: string) {
    view = renderInShadow(
      <div style={{ width }}>
        <MonthlyChart
          title="Site activations"
          months={months}
          series={series}
          names={['Activated', 'Deactivated']}
        />
      </div>,
      { styles: reportStyles },
    );
    const root = view.shadowRoot;
    await until(() => root.querySelectorAll('.ct-series-a .ct-bar').length === 12);
    return root;
  }

  it('draws its bars in the legend’s colours, over chartist’s own', async () => {
    const root = await render('600px');
    const keyColour = (key: string) =>
      getComputedStyle(root.querySelector(`.reports__key--${key}`) as Element, '::before').backgroundColor;
    const barColour = (series: string) =>
      getComputedStyle(root.querySelector(`.ct-series-${series} .ct-bar`) as Element).stroke;
    expect(barColour('a')).toBe(keyColour('a'));
    expect(barColour('b')).toBe(keyColour('b'));
    expect(barColour('a')).not.toBe('rgb(215, 2, 6)');
  });

  it('leaves out month labels it has no room for, and the ones it shows do not touch (the table has all)', async () => {
    const root = await render('260px');
    const shown = [...root.querySelectorAll<HTMLElement>('.ct-label.ct-horizontal')];
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(12);
    const boxes = shown.map((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      return range.getBoundingClientRect();
    });
    for (const [index, box] of boxes.entries()) {
      expect(box.height, shown[index]?.textContent ?? '').toBeLessThan(20);
      if (index > 0) expect(box.left).toBeGreaterThan((boxes[index - 1] as DOMRect).right);
    }
    expect(root.querySelectorAll('tbody th')).toHaveLength(12);
    // Each month's two bars stay clear of the next month's.
    const edges = (series: string) =>
      [...root.querySelectorAll<SVGLineElement>(`.ct-series-${series} .ct-bar`)].map((bar) => {
        const half = Number.parseFloat(getComputedStyle(bar).strokeWidth) / 2;
        const x = Number(bar.getAttribute('x1'));
        return { left: x - half, right: x + half };
      });
    const [first, second] = [edges('a'), edges('b')];
    for (let month = 0; month < 11; month += 1)
      expect(Math.max(first[month]?.right ?? 0, second[month]?.right ?? 0)).toBeLessThan(
        Math.min(first[month + 1]?.left ?? 0, second[month + 1]?.left ?? 0),
      );
  });

  it('shows every month where there is room, at the full bar size', () => {
    expect(labelStep(12, 900)).toBe(1);
    expect(labelStep(12, 280)).toBe(4);
    expect(barSize(12, 900)).toEqual({ bar: 14, distance: 12 });
  });
});
