import type { Meta, StoryObj } from '@storybook/react-vite';
import { copyMessages } from '../../shared/api/messages';
import { Badge, CopyButton, Table, type TableColumn } from '../../shared/ui';
import { dark, inElement } from './frame';

interface Licence {
  id: number;
  item: string;
  key: string;
  status: string;
  activations: string;
}

const columns: TableColumn<Licence>[] = [
  { key: 'item', header: 'Item' },
  {
    key: 'key',
    header: 'Key',
    // As in the licences table: the key in the text, and a Copy button whose name starts with its text.
    cell: (row) => (
      <>
        <code>{row.key.slice(0, 8)}…</code>{' '}
        <CopyButton
          value={row.key}
          confirmation={copyMessages.licenseKey}
          aria-label={`Copy licence key of ${row.item}`}
        />
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={row.status === 'active' ? 'success' : 'danger'}>{row.status}</Badge>,
  },
  { key: 'activations', header: 'Activations', align: 'end' },
];

const rows: Licence[] = [
  { id: 1, item: 'Addons plugin', key: '5f1c0e9a7b2d4c11', status: 'active', activations: '1/1' },
  { id: 2, item: 'Blocks plugin', key: '9a7b2d4c115f1c0e', status: 'expired', activations: '3/5' },
];

// Table is generic; Storybook's meta takes it at the row type of the stories.
const LicenceTable = Table<Licence>;

const meta = {
  title: 'UI/Table',
  component: LicenceTable,
  decorators: [inElement],
  args: {
    columns,
    rows,
    rowKey: (row: Licence) => row.id,
    emptyText: 'No license found',
    caption: 'Licences',
  },
} satisfies Meta<typeof LicenceTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Empty: Story = { args: { rows: [] } };
export const Loading: Story = { args: { rows: [], loading: true, skeletonRows: 3 } };
export const FilledDark: Story = { parameters: dark };
export const LoadingDark: Story = { ...Loading, parameters: dark };
