import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The proof suite runs at two scales: `full` (`npm run proof`, the counts the issue asks for) and `ci`
 * (the default, part of `npm test`, smaller counts so the whole test run stays short).
 */
export type ProofScale = 'full' | 'ci';

export const proofScale: ProofScale = process.env.PROOF_SCALE === 'full' ? 'full' : 'ci';

/** Picks the count for the current scale. */
export function scaled(counts: { full: number; ci: number }): number {
  return counts[proofScale];
}

const reportDir = join(process.cwd(), 'reports', 'proof');

/**
 * Prints one line per figure (`proof <name>: key=value …`) and writes them to reports/proof/<name>.json,
 * so a run leaves both a readable log and a machine-readable record.
 */
export function recordFigures(name: string, figures: Record<string, number | string | boolean>): void {
  const line = Object.entries(figures)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  process.stdout.write(`proof ${name}: ${line}\n`);
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(
    join(reportDir, `${name}.json`),
    `${JSON.stringify({ name, scale: proofScale, at: new Date().toISOString(), figures }, null, 2)}\n`,
  );
}
