import { atom, map } from 'nanostores';
import { isApiError } from '../api/api-error';
import { type BlobResult, requestBlob } from '../api/blob';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { managerFailures } from '../api/messages';
import { errorStatus } from '../schemas/error';
import {
  type DashboardReport,
  DashboardReportSchema,
  type SuperAdminReport,
  SuperAdminReportSchema,
  SwitchAccountResponseSchema,
} from '../schemas/reports';
import type { LoadState } from './load-state';
import { session } from './session';

/** spec §9: the CSV export file is export.csv. */
export const EXPORT_FILE_NAME = 'export.csv';

export interface ReportState<Report> {
  state: LoadState;
  report: Report | null;
  error: string | null;
}

/** What a company switch ended in: done, refused because access was withdrawn, or failed with a text. */
export type SwitchOutcome =
  | { kind: 'switched' }
  | { kind: 'access-removed' }
  | { kind: 'failed'; message: string };

/**
 * Company analytics (spec §1): the active company's dashboard report, switching company profiles, the
 * CSV export and the super-admin's report. The access-removed and company-not-found effects of spec §8
 * are applied by the API client; this store only reports the outcome.
 */
export function createReportsStore(api: ApiClient) {
  const $report = map<ReportState<DashboardReport>>({ state: 'idle', report: null, error: null });
  const $superAdmin = map<ReportState<SuperAdminReport>>({ state: 'idle', report: null, error: null });
  const $switching = atom(false);
  const $exporting = atom(false);

  let reportRequest: Promise<void> | null = null;

  function loadReport(): Promise<void> {
    reportRequest ??= (async () => {
      $report.set({ ...$report.get(), state: 'loading', error: null });
      try {
        const { data } = await api.post('/reports/dashboard', DashboardReportSchema);
        $report.set({ state: 'ready', report: data, error: null });
      } catch (error) {
        $report.set({ state: 'error', report: null, error: loadFailureText(error) });
      } finally {
        reportRequest = null;
      }
    })();
    return reportRequest;
  }

  let superAdminRequest: Promise<void> | null = null;

  function loadSuperAdminReport(): Promise<void> {
    superAdminRequest ??= (async () => {
      $superAdmin.set({ state: 'loading', report: null, error: null });
      try {
        const { data } = await api.post('/super-admin/reports/dashboard', SuperAdminReportSchema);
        $superAdmin.set({ state: 'ready', report: data, error: null });
      } catch (error) {
        $superAdmin.set({ state: 'error', report: null, error: loadFailureText(error) });
      } finally {
        superAdminRequest = null;
      }
    })();
    return superAdminRequest;
  }

  return {
    $report,
    $superAdmin,
    $switching,
    $exporting,
    /** Loads the report once; later calls while loaded or loading do nothing. */
    load: () => ($report.get().state === 'idle' ? loadReport() : Promise.resolve()),
    reload: loadReport,
    /** Loads the super-admin's report once; later calls while loaded or loading do nothing. */
    loadSuperAdmin: () => ($superAdmin.get().state === 'idle' ? loadSuperAdminReport() : Promise.resolve()),
    reloadSuperAdmin: loadSuperAdminReport,
    /** Makes `companyId` the active profile (spec §6), updates the session user and reloads the report. */
    async switchCompany(companyId: number): Promise<SwitchOutcome> {
      if ($switching.get()) return { kind: 'failed', message: managerFailures.switchAccountFailed };
      $switching.set(true);
      try {
        const { data } = await api.post('/user/switch-account', SwitchAccountResponseSchema, {
          company_id: companyId,
        });
        session.setUser(data.user);
        await loadReport();
        return { kind: 'switched' };
      } catch (error) {
        if (isApiError(error) && error.status === errorStatus.accessRemoved)
          return { kind: 'access-removed' };
        return { kind: 'failed', message: loadFailureText(error, managerFailures.switchAccountFailed) };
      } finally {
        $switching.set(false);
      }
    },
    /** The CSV of every site of the active company, named export.csv whatever the server calls it. */
    async exportCsv(): Promise<BlobResult> {
      $exporting.set(true);
      try {
        const result = await requestBlob(api, 'POST', '/export-data');
        return { ...result, filename: EXPORT_FILE_NAME };
      } finally {
        $exporting.set(false);
      }
    },
  };
}

export type ReportsStore = ReturnType<typeof createReportsStore>;

const stores = new Map<string, ReportsStore>();

/** One reports store per API on a page. */
export function reportsStoreFor(api: ApiClient): ReportsStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createReportsStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
