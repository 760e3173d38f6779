import autocannon from 'autocannon';
import type { LoadFigures } from './load-mix';
import { figuresOf, pacedRun } from './load-mix';

/** One simulated site: its licence key and URL, and the address it calls from. */
export interface LoadSite {
  key: string;
  url: string;
  address: string;
}

export interface LicensingLoadRun {
  url: string;
  itemId: number;
  /** One per connection, so counters and sites are never shared between connections. */
  sites: readonly LoadSite[];
  durationSeconds: number;
  overallRate?: number;
}

interface ClientContext {
  site?: LoadSite;
}

/**
 * The update checks of issue 28: `check_license` and `get_version` in turn, form-encoded to `/` as
 * WordPress sends them, each connection a site of its own (its key, URL and client address; the server
 * runs with TRUST_PROXY so the address is the X-Forwarded-For one). Every answer is meant to be 200.
 */
export async function runLicensingLoad(run: LicensingLoadRun): Promise<LoadFigures> {
  let started = 0;
  const refusals: Record<string, number> = {};
  const call = (action: 'check_license' | 'get_version'): autocannon.Request => ({
    method: 'POST',
    path: '/',
    setupRequest: (request, raw) => {
      const context = raw as ClientContext;
      context.site ??= run.sites[started++ % run.sites.length];
      const site = context.site as LoadSite;
      return {
        ...request,
        headers: {
          ...request.headers,
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': site.address,
        },
        body: new URLSearchParams({
          edd_action: action,
          license: site.key,
          item_id: String(run.itemId),
          url: site.url,
          version: '1.0.0',
        }).toString(),
      };
    },
    onResponse: (status) => {
      if (status === 200) return;
      const key = `${action} ${status}`;
      refusals[key] = (refusals[key] ?? 0) + 1;
    },
  });
  const options = {
    url: run.url,
    duration: run.durationSeconds,
    requests: [call('check_license'), call('get_version')],
  };
  const connections = run.sites.length;
  const result = run.overallRate
    ? await pacedRun(options, connections, run.overallRate)
    : await autocannon({ ...options, connections });
  return figuresOf(result, run.durationSeconds, refusals);
}
