import { useMemo } from 'react';
import { formatDate } from '../../shared/format';
import type { DashboardReport, ReportSite } from '../../shared/schemas/reports';
import type { TableColumn } from '../../shared/ui';
import { Distribution } from './Distribution';
import { MonthlyChart } from './MonthlyChart';
import { Stats } from './Stats';
import { TableCard } from './TableCard';

const siteColumns: TableColumn<ReportSite>[] = [
  { key: 'url', header: 'Site URL', cell: (site) => site.url },
  { key: 'product', header: 'Product', cell: (site) => site.product },
  { key: 'status', header: 'Status', cell: (site) => site.status },
  { key: 'wp', header: 'Platform', cell: (site) => site.wp_version ?? '' },
  { key: 'php', header: 'PHP', cell: (site) => site.php_version ?? '' },
  { key: 'plugin', header: 'Plugin', cell: (site) => site.plugin_version ?? '' },
  { key: 'language', header: 'Language', cell: (site) => site.language ?? '' },
  { key: 'activated', header: 'Activated', cell: (site) => formatDate(site.activated_at) },
];

type ProductRow = DashboardReport['allProducts'][number];
const productColumns: TableColumn<ProductRow>[] = [
  { key: 'name', header: 'Product', cell: (p) => p.name },
  { key: 'licences', header: 'Licences', align: 'end', cell: (p) => p.licences },
  { key: 'sites', header: 'Active sites', align: 'end', cell: (p) => p.active_sites },
];

/** A monthly chart's two series, each read from the same months. */
function twoSeries<Month>(
  months: readonly Month[],
  first: (month: Month) => number,
  second: (month: Month) => number,
): [number[], number[]] {
  return [months.map(first), months.map(second)];
}

/** Every part of the dashboard report of spec §1, for one company. */
export function CompanyReport({ report }: { report: DashboardReport }) {
  const mail = report.mailChimpAnalytics;
  const activity = useMemo(
    () =>
      twoSeries(
        report.analytics,
        (m) => m.activated,
        (m) => m.deactivated,
      ),
    [report.analytics],
  );
  const mailMonthly = useMemo(
    () =>
      twoSeries(
        mail.monthly,
        (m) => m.subscribed,
        (m) => m.unsubscribed,
      ),
    [mail.monthly],
  );
  return (
    <div className="reports__body">
      <Stats
        stats={[
          { label: 'Active sites', value: report.activeSitesCount },
          { label: 'Deactivated sites', value: report.deactivedSitesCount },
          { label: 'Users', value: report.totalUserCount },
          { label: 'New users (30 days)', value: report.newUserCount },
          { label: 'Subscribers', value: mail.subscribed },
        ]}
      />
      <TableCard
        title="Products"
        columns={productColumns}
        rows={report.allProducts}
        rowKey={(p) => p.download_id}
        emptyText="No products found"
      />
      <MonthlyChart
        title="Site activations"
        months={report.analytics.map((m) => m.month)}
        series={activity}
        names={['Activated', 'Deactivated']}
      />
      <div className="reports__grid">
        <Distribution title="Platform versions" label="Version" counts={report.wpVersion} />
        <Distribution title="PHP versions" label="Version" counts={report.phpVersion} />
        <Distribution title="Plugin versions" label="Version" counts={report.pluginVersion} />
        <Distribution title="Languages" label="Language" counts={report.language} />
        <Distribution title="Deactivation reasons" label="Reason" counts={report.de_active_reasons} />
        <Distribution title="Licence status" label="Status" unit="Licences" counts={report.status} />
        <Distribution title="Multisite" label="Set-up" counts={report.sitesConfig.multisite} />
        <Distribution title="Web servers" label="Server" counts={report.sitesConfig.server} />
      </div>
      <MonthlyChart
        title={`Mailing list (${mail.subscribed} subscribed, ${mail.unsubscribed} unsubscribed, ${mail.cleaned} cleaned)`}
        months={mail.monthly.map((m) => m.month)}
        series={mailMonthly}
        names={['Subscribed', 'Unsubscribed']}
      />
      <TableCard
        title="Sites"
        columns={siteColumns}
        rows={report.siteList}
        rowKey={(site) => site.id}
        emptyText="No active sites found"
      />
    </div>
  );
}
