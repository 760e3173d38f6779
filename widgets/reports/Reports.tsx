import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { apiFor } from '../../shared/api';
import { successMessages } from '../../shared/api/messages';
import type { CommonElementProps } from '../../shared/element';
import { useLeaveTo } from '../../shared/element';
import { portalPatterns } from '../../shared/portal/paths';
import { ensureSessionUser } from '../../shared/stores/account';
import { reportsStoreFor } from '../../shared/stores/reports';
import { session } from '../../shared/stores/session';
import { showToast } from '../../shared/stores/toasts';
import { Button, LoadFailure, Toaster } from '../../shared/ui';
import { saveFile } from '../../shared/ui/save-file';
import { CompanyReport } from './CompanyReport';
import { CompanySwitcher } from './CompanySwitcher';
import { ReportSkeleton } from './ReportSkeleton';
import { SuperAdminReport } from './SuperAdminReport';

export interface ReportsProps extends CommonElementProps {
  /** `view`: `company` (default), the active company's report; `super-admin`, the report across companies. */
  view?: string;
}

/**
 * `<vendor-reports>`: company analytics (spec §1): a company profile switcher, the dashboard report
 * (products, sites, platform, PHP and plugin versions, languages, deactivation reasons, site counts,
 * users, mailing list) as charts with tables, and the CSV export; with `view="super-admin"` the
 * super-admin's report across companies. Charts (chartist) load only when a report is shown.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Reports({ apiBase, view }: ReportsProps) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const store = useMemo(() => reportsStoreFor(api), [api]);
  const superAdmin = view === 'super-admin';
  return (
    <section className="reports" aria-label={superAdmin ? 'Super-admin report' : 'Dashboard report'}>
      <Toaster />
      {superAdmin ? <SuperAdminView store={store} /> : <CompanyView api={api} store={store} />}
    </section>
  );
}

type Store = ReturnType<typeof reportsStoreFor>;

function SuperAdminView({ store }: { store: Store }) {
  const state = useStore(store.$superAdmin);
  useEffect(() => {
    void store.loadSuperAdmin();
  }, [store]);
  // The report's cards title themselves with h3; this h2 keeps the outline whole under the page's h1.
  return (
    <>
      <h2 className="reports__heading">Super-admin report</h2>
      {state.state === 'error' ? (
        <LoadFailure message={state.error} onRetry={() => void store.reloadSuperAdmin()} />
      ) : state.report ? (
        <SuperAdminReport report={state.report} />
      ) : (
        <ReportSkeleton />
      )}
    </>
  );
}

function CompanyView({ api, store }: { api: ReturnType<typeof apiFor>; store: Store }) {
  const state = useStore(store.$report);
  const user = useStore(session.$user);
  const switching = useStore(store.$switching);
  const exporting = useStore(store.$exporting);
  const navigate = useLeaveTo();

  useEffect(() => {
    void store.load();
    void ensureSessionUser(api);
  }, [store, api]);

  const switchCompany = async (companyId: number) => {
    const outcome = await store.switchCompany(companyId);
    if (outcome.kind === 'access-removed') navigate(portalPatterns.dashboard);
    else if (outcome.kind === 'failed') showToast({ kind: 'error', message: outcome.message });
  };

  const exportCsv = async () => {
    try {
      const { blob, filename } = await store.exportCsv();
      saveFile(blob, filename ?? 'export.csv');
      showToast({ kind: 'success', message: successMessages.csvExported });
    } catch (error) {
      showToast({ kind: 'error', message: (error as Error).message });
    }
  };

  const canExport = user?.role_permission?.export_data === true;

  return (
    <>
      <div className="reports__toolbar">
        <h2 className="reports__heading">
          {state.report?.company.name ?? user?.activeProfile?.name ?? 'Report'}
        </h2>
        {user && <CompanySwitcher user={user} busy={switching} onSwitch={(id) => void switchCompany(id)} />}
        {canExport && (
          <Button
            variant="secondary"
            disabled={exporting || state.state !== 'ready'}
            aria-busy={exporting || undefined}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        )}
      </div>
      {state.state === 'error' ? (
        <LoadFailure message={state.error} onRetry={() => void store.reload()} />
      ) : state.report && !switching ? (
        <CompanyReport report={state.report} />
      ) : (
        <ReportSkeleton />
      )}
    </>
  );
}
