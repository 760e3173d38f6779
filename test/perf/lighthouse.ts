/**
 * `npm run perf`: Lighthouse (mobile preset, simulated throttling) on the demo CMS page, the portal
 * dashboard and My Products signed in, and the checkout with a cart line, against the production build
 * of the server. Each page is audited PERF_RUNS times (default 3) and judged by its median run, as
 * Lighthouse's own guidance on variance advises; that run's JSON and HTML reports are written under
 * reports/perf/. Prints one line per page and exits 1 when a page misses a threshold of issues 15 and
 * 25. Needs `npm run build` first (dist/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../vite.shared';
import { startPerfServer } from './server-process';
import { signInCustomer, storeToken } from './signed-in';
import { formatScores, missedThresholds, type PageScores } from './thresholds';

/** Issue #15's ports for this suite: the server, then Chromium's debugging port. */
const serverPort = Number(process.env.PERF_PORT ?? 18_301);
const debuggingPort = serverPort + 1;
const reportsDir = 'reports/perf';
const runs = Math.max(1, Number(process.env.PERF_RUNS ?? 3));

interface AuditedPage {
  name: string;
  path: string;
  signedIn: boolean;
}

const pages: AuditedPage[] = [
  { name: 'demo', path: '/demo/', signedIn: false },
  { name: 'dashboard', path: '/user/dashboard', signedIn: true },
  // Issue 25: the checkout with a cart line (the query adds the Addons Plugin's first tier) and My Products.
  { name: 'checkout', path: '/checkout?download_id=4372&price_id=1', signedIn: false },
  { name: 'my-products', path: '/user/my-products', signedIn: true },
];

function scoresOf(lhr: Result): PageScores {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  if (cls === undefined) throw new Error('the report has no cumulative-layout-shift value');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    cls: Number(cls.toFixed(3)),
  };
}

/** A run Lighthouse itself gave up on (e.g. NO_NAVSTART on a busy machine); its advice is to run again. */
class LighthouseRunError extends Error {}

const attemptsPerRun = 3;

async function auditWithRetries(origin: string, page: AuditedPage): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (page.signedIn) await storeToken(debuggingPort, origin, await signInCustomer(origin));
      return await audit(origin, page);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === attemptsPerRun) throw error;
      console.warn(`${error.message}; running it again`);
    }
  }
}

interface Run {
  scores: PageScores;
  /** Lighthouse's measure of this machine's speed at the time (a fast desktop is ≈ 1500–2000). */
  benchmarkIndex: number;
  reports: { json: string; html: string };
}

async function audit(origin: string, page: AuditedPage): Promise<Run> {
  const flags: Flags = {
    port: debuggingPort,
    output: ['json', 'html'],
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The signed-in run keeps the token stored beforehand (storeToken empties the cache itself).
    disableStorageReset: page.signedIn,
  };
  const result = await lighthouse(`${origin}${page.path}`, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  const [json = '', html = ''] = result.report as string[];
  const { runtimeError } = result.lhr;
  if (runtimeError)
    throw new LighthouseRunError(`${page.path}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    scores: scoresOf(result.lhr),
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    reports: { json, html },
  };
}

/** The run with the median performance score (the lower middle one for an even count). */
function medianRun(all: Run[]): Run {
  const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no run to take the median of');
  return median;
}

async function main(): Promise<number> {
  const started = performance.now();
  mkdirSync(reportsDir, { recursive: true });
  const server = await startPerfServer(serverPort);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    port: debuggingPort,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  let failures = 0;
  try {
    for (const page of pages) {
      const all: Run[] = [];
      for (let run = 0; run < runs; run += 1) all.push(await auditWithRetries(server.url, page));
      const median = medianRun(all);
      writeFileSync(join(reportsDir, `${page.name}.report.json`), median.reports.json);
      writeFileSync(join(reportsDir, `${page.name}.report.html`), median.reports.html);
      const missed = missedThresholds(median.scores);
      const spread = `performance of the ${runs} runs ${all.map((r) => r.scores.performance).join(', ')}; CPU benchmark ${all.map((r) => r.benchmarkIndex).join(', ')}`;
      console.log(
        `${formatScores(page.name, median.scores)} (median; ${spread})${missed.length ? `  FAIL: ${missed.join('; ')}` : ''}`,
      );
      if (missed.length) failures += 1;
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `${pages.length - failures} of ${pages.length} pages meet the thresholds (${seconds} s); reports in ${reportsDir}/`,
  );
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
