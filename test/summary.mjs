// Sums the JSON reports of every runner in a folder (vitest and Playwright) into one closing line,
// 'N passed, N failed', as CI reads it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'reports/tests';
let passed = 0;
let failed = 0;
let files = [];
try {
  files = readdirSync(dir).filter((name) => name.endsWith('.json'));
} catch {
  // No report: nothing ran.
}
for (const name of files) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  if ('numPassedTests' in report) {
    // vitest (Jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (report.stats) {
    // Playwright: flaky tests passed on retry, unexpected ones failed.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  }
}
console.log(`${passed} passed, ${failed} failed`);
