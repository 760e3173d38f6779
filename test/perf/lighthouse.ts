/**
 * `npm run perf`: Lighthouse (mobile preset, simulated throttling) on the demo CMS page and on the
 * portal dashboard signed in, against the production build of the server. Writes a JSON and an HTML
 * report per page under reports/perf/, prints one line per page, and exits 1 when a page misses a
 * threshold of issue #15. Needs `npm run build` first (dist/).
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

interface AuditedPage {
  name: string;
  path: string;
  signedIn: boolean;
}

const pages: AuditedPage[] = [
  { name: 'demo', path: '/demo/', signedIn: false },
  { name: 'dashboard', path: '/user/dashboard', signedIn: true },
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

async function audit(origin: string, page: AuditedPage): Promise<PageScores> {
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
  const [json, html] = result.report as string[];
  writeFileSync(join(reportsDir, `${page.name}.report.json`), json ?? '');
  writeFileSync(join(reportsDir, `${page.name}.report.html`), html ?? '');
  const { runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${page.path}: ${runtimeError.code} ${runtimeError.message}`);
  return scoresOf(result.lhr);
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
      if (page.signedIn) {
        await storeToken(debuggingPort, server.url, await signInCustomer(server.url));
      }
      const scores = await audit(server.url, page);
      const missed = missedThresholds(scores);
      console.log(`${formatScores(page.name, scores)}${missed.length ? `  FAIL: ${missed.join('; ')}` : ''}`);
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
