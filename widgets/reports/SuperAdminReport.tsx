import { formatMoney } from '../../shared/format';
import type { CompanySummary, SuperAdminReport as Report } from '../../shared/schemas/reports';
import type { TableColumn } from '../../shared/ui';
import { Distribution } from './Distribution';
import { Stats } from './Stats';
import { TableCard } from './TableCard';

const columns: TableColumn<CompanySummary>[] = [
  { key: 'name', header: 'Company', cell: (c) => c.name },
  { key: 'members', header: 'Members', align: 'end', cell: (c) => c.members },
  { key: 'products', header: 'Products', align: 'end', cell: (c) => c.products },
  { key: 'active', header: 'Active sites', align: 'end', cell: (c) => c.activeSitesCount },
  { key: 'deactivated', header: 'Deactivated sites', align: 'end', cell: (c) => c.deactivedSitesCount },
  { key: 'users', header: 'Users', align: 'end', cell: (c) => c.totalUserCount },
  { key: 'new', header: 'New users', align: 'end', cell: (c) => c.newUserCount },
  { key: 'subscribers', header: 'Subscribers', align: 'end', cell: (c) => c.subscribers },
];

/** The super-admin's separate dashboard report (spec §1, §6): every company and the whole platform. */
export function SuperAdminReport({ report }: { report: Report }) {
  const { totals } = report;
  return (
    <div className="reports__body">
      <Stats
        stats={[
          { label: 'Companies', value: totals.companies },
          { label: 'Users', value: totals.users },
          { label: 'New users (30 days)', value: totals.newUsers },
          { label: 'Active sites', value: totals.activeSitesCount },
          { label: 'Deactivated sites', value: totals.deactivedSitesCount },
          { label: 'Sales', value: `${totals.sales.count} · ${formatMoney(totals.sales.total)}` },
        ]}
      />
      <TableCard
        title="Companies"
        columns={columns}
        rows={report.companies}
        rowKey={(c) => c.id}
        emptyText="No companies found"
      />
      <div className="reports__grid">
        <Distribution title="Platform versions" label="Version" counts={report.wpVersion} />
        <Distribution title="PHP versions" label="Version" counts={report.phpVersion} />
        <Distribution title="Languages" label="Language" counts={report.language} />
      </div>
    </div>
  );
}
