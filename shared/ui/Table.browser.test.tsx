import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Badge } from './Badge';
import { Table, type TableColumn } from './Table';

interface Licence {
  id: number;
  item: string;
  status: string;
}

const columns: TableColumn<Licence>[] = [
  { key: 'item', header: 'Item' },
  { key: 'status', header: 'Status', cell: (row) => <Badge tone="success">{row.status}</Badge> },
];
const rows: Licence[] = [
  { id: 1, item: 'Addons plugin', status: 'Active' },
  { id: 2, item: 'Blocks plugin', status: 'Active' },
];

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const table = (props: { rows: Licence[]; loading?: boolean }) => (
  <Table
    caption="Licences"
    columns={columns}
    rowKey={(row) => row.id}
    emptyText="No license found"
    skeletonRows={2}
    {...props}
  />
);

describe('Table', () => {
  it('shows the rows under the headers', async () => {
    view = renderInShadow(table({ rows }));
    await settle();
    const root = view.shadowRoot;
    expect(Array.from(root.querySelectorAll('th')).map((th) => th.textContent)).toEqual(['Item', 'Status']);
    expect(Array.from(root.querySelectorAll('tbody tr')).map((tr) => tr.textContent)).toEqual([
      'Addons pluginActive',
      'Blocks pluginActive',
    ]);
    expect($(root, '.ui-table').dataset.state).toBe('ready');
    await expectNoAxeViolations(root);
  });

  it('shows the spec’s empty text across all columns', async () => {
    view = renderInShadow(table({ rows: [] }), { theme: 'dark' });
    await settle();
    const cell = $(view.shadowRoot, 'tbody td');
    expect(cell.textContent).toBe('No license found');
    expect(cell.getAttribute('colspan')).toBe('2');
    expect($(view.shadowRoot, '.ui-table').dataset.state).toBe('empty');
    await expectNoAxeViolations(view.shadowRoot);
  });

  it('loads with skeleton rows of the real rows’ height, so nothing shifts', async () => {
    view = renderInShadow(table({ rows: [], loading: true }));
    await settle();
    const root = view.shadowRoot;
    expect($(root, 'table').getAttribute('aria-busy')).toBe('true');
    const skeletonRows = Array.from(root.querySelectorAll<HTMLElement>('tbody tr[data-skeleton]'));
    expect(skeletonRows).toHaveLength(2);
    expect(skeletonRows[0]?.querySelectorAll('.ui-skel[aria-hidden="true"]')).toHaveLength(2);
    expect(root.textContent).not.toContain('No license found');
    const loadingHeight = $(root, 'table').getBoundingClientRect().height;
    await expectNoAxeViolations(root);

    view.rerender(table({ rows }));
    await settle();
    expect(root.querySelector('[data-skeleton]')).toBeNull();
    expect($(root, 'table').getBoundingClientRect().height).toBe(loadingHeight);
  });

  it('stacks each row as a card of label and value where the table itself is narrow, not the window', async () => {
    const actions: TableColumn<Licence> = {
      key: 'actions',
      header: <span className="vendor-visually-hidden">Actions</span>,
      cell: () => <button type="button">Manage Sites</button>,
    };
    const narrow = (width: string) => (
      <div style={{ width }}>
        <Table
          caption="Licences"
          columns={[...columns, actions]}
          rowKey={(row) => row.id}
          emptyText=""
          rows={rows}
        />
      </div>
    );
    view = renderInShadow(narrow('320px'));
    await settle();
    const root = view.shadowRoot;
    const firstCell = $(root, 'tbody td');
    expect(getComputedStyle(firstCell).display).toBe('grid');
    expect(firstCell.dataset.label).toBe('Item');
    expect(getComputedStyle(firstCell, '::before').content).toBe('"Item"');
    expect($(root, 'thead').getBoundingClientRect().height).toBeLessThanOrEqual(1);
    const box = $(root, '.ui-table');
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    // The actions column has no label: its cell spans the card.
    const actionCell = root.querySelectorAll<HTMLElement>('tbody tr')[0]?.lastElementChild as HTMLElement;
    expect(actionCell.dataset.label).toBeUndefined();
    expect(actionCell.getBoundingClientRect().width).toBeGreaterThan(
      firstCell.getBoundingClientRect().width * 0.9,
    );
    await expectNoAxeViolations(root);

    view.rerender(narrow('900px'));
    await settle();
    expect(getComputedStyle($(root, 'tbody td')).display).toBe('table-cell');
    expect($(root, 'thead').getBoundingClientRect().height).toBeGreaterThan(20);
  });

  it('leaves out a card’s line whose value is empty, and keeps the cell in the wide table', async () => {
    const withEmpty: TableColumn<Licence>[] = [
      ...columns,
      { key: 'expiration', header: 'Expiration', cell: (row) => (row.id === 1 ? '' : 'Never') },
    ];
    const sized = (width: string) => (
      <div style={{ width }}>
        <Table caption="Licences" columns={withEmpty} rowKey={(row) => row.id} emptyText="" rows={rows} />
      </div>
    );
    view = renderInShadow(sized('320px'));
    await settle();
    const root = view.shadowRoot;
    const expiryOf = (row: number) =>
      root
        .querySelectorAll<HTMLElement>('tbody tr')
        [row]?.querySelector<HTMLElement>('[data-label="Expiration"]');
    expect(getComputedStyle(expiryOf(0) as HTMLElement).display).toBe('none');
    expect(getComputedStyle(expiryOf(1) as HTMLElement).display).toBe('grid');
    expect(expiryOf(1)?.textContent).toBe('Never');
    await expectNoAxeViolations(root);

    view.rerender(sized('900px'));
    await settle();
    expect(getComputedStyle(expiryOf(0) as HTMLElement).display).toBe('table-cell');
  });
});
