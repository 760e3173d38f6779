import autocannon from 'autocannon';

/** What one bounded run measured. Latencies in milliseconds. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Non-2xx answers by `METHOD path status`, so a failing run says which call failed and how. */
  refusals: Record<string, number>;
}

/** A licence of the signed-in customer, as `POST /site` names it. */
export interface LoadLicence {
  payment_id: number;
  license_id: number;
}

export interface LoadRun {
  url: string;
  token: string;
  /**
   * The licences the mix adds and removes its sites on, one per connection in turn (room for one site
   * per connection given it): sites of different licences, as real traffic adds them.
   */
  licences: LoadLicence[];
  durationSeconds: number;
  connections: number;
  /** Fixed rate, requests per second over all connections; unset: as fast as it can. */
  overallRate?: number;
  /**
   * How a fixed rate's requests arrive: `paced` (default) spread over each second, see pacedRun;
   * `bursts` autocannon's own `overallRate`, every connection's quota at the top of each second.
   */
  arrivals?: 'paced' | 'bursts';
}

interface ClientContext {
  /** The site this connection adds and removes: its own, so connections never race for one site. */
  site?: string;
  /** The licence it adds the site to. */
  licence?: LoadLicence;
}

let connectionsStarted = 0;

/** autocannon merges runs made with `skipAggregateResult`; @types/autocannon does not declare it. */
const { aggregateResult } = autocannon as typeof autocannon & {
  aggregateResult(results: autocannon.Result[], options: autocannon.Options): autocannon.Result;
};

/**
 * The mix of issue #16 on one signed-in customer: `GET /history`, `GET /cart`, `GET /products`, and
 * `POST /site` adding then removing a site of the connection's own (spec §7 `{payment_id, type, url,
 * license_id}`) on the connection's licence, so every answer is meant to be 2xx and each licence ends
 * with the sites it started with.
 */
export async function runLoadMix(run: LoadRun): Promise<LoadFigures> {
  const headers = { 'X-WP-Nonce': run.token, 'Content-Type': 'application/json' };
  const siteChange = (type: 'add' | 'remove', context: ClientContext) =>
    JSON.stringify({
      payment_id: context.licence?.payment_id,
      license_id: context.licence?.license_id,
      type,
      url: context.site,
    });
  const refusals: Record<string, number> = {};
  /** One call of the mix; a non-2xx answer is counted under the call's name and status. */
  const call = (
    name: string,
    method: 'GET' | 'POST',
    path: string,
    body?: (context: ClientContext) => string,
  ): autocannon.Request => ({
    method,
    path,
    setupRequest: (request, raw) => {
      const context = raw as ClientContext;
      connectionsStarted += context.site === undefined ? 1 : 0;
      // A production host name (not .example, .test, staging.…): each counts against the limit.
      context.site ??= `https://load-${connectionsStarted}.shop-proof.com`;
      context.licence ??= run.licences[connectionsStarted % run.licences.length];
      return body ? { ...request, body: body(context) } : request;
    },
    onResponse: (status) => {
      if (status >= 200 && status < 300) return;
      const key = `${name} ${status}`;
      refusals[key] = (refusals[key] ?? 0) + 1;
    },
  });

  const options = {
    url: run.url,
    duration: run.durationSeconds,
    headers,
    requests: [
      call('GET /history', 'GET', '/api/v1/history'),
      call('GET /cart', 'GET', '/api/v1/cart'),
      call('GET /products', 'GET', '/api/v1/products'),
      call('POST /site add', 'POST', '/api/v1/site', (context) => siteChange('add', context)),
      call('POST /site remove', 'POST', '/api/v1/site', (context) => siteChange('remove', context)),
    ],
  };
  const { connections, overallRate } = run;
  const result = !overallRate
    ? await autocannon({ ...options, connections })
    : run.arrivals === 'bursts'
      ? await autocannon({ ...options, connections, overallRate })
      : await pacedRun(options, connections, overallRate);
  return figuresOf(result, run.durationSeconds, refusals);
}

/** The figures of a run, the rate from the total: a merged result (pacedRun) has no per-second samples. */
export function figuresOf(
  result: autocannon.Result,
  durationSeconds: number,
  refusals: Record<string, number>,
): LoadFigures {
  return {
    requestsPerSecond: Math.round(result.requests.total / durationSeconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    refusals,
  };
}

/**
 * A fixed rate, paced. autocannon's own `overallRate` gives each connection a quota per second that it
 * sends at once when the second starts, so all connections burst together at the top of every second and
 * idle the rest of it: the server would see twice the rate half of the time. Here each connection is its
 * own autocannon run at its share of the rate, started `1 s / connections` after the previous one, so the
 * quotas arrive spread over the second, as traffic at that rate does. The runs' latency histograms are
 * merged into one result (autocannon.aggregateResult).
 */
export async function pacedRun(options: autocannon.Options, connections: number, overallRate: number) {
  const share = (index: number) =>
    Math.floor(overallRate / connections) + (index < overallRate % connections ? 1 : 0);
  const runs = await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 1000) / connections));
      return autocannon({ ...options, connections: 1, overallRate: share(index), skipAggregateResult: true });
    }),
  );
  return aggregateResult(runs, { ...options, connections });
}
