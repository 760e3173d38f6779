/** The scores issue #15 asks of every audited page (Lighthouse scores are 0–100 here). */
export interface PageScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Cumulative Layout Shift, unitless. */
  cls: number;
}

export const thresholds = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  cls: 0,
} as const;

/** Every threshold the scores miss, as sentences; empty when the page passes. */
export function missedThresholds(scores: PageScores): string[] {
  const missed: string[] = [];
  if (scores.performance < thresholds.performance)
    missed.push(`performance ${scores.performance} < ${thresholds.performance}`);
  if (scores.accessibility < thresholds.accessibility)
    missed.push(`accessibility ${scores.accessibility} < ${thresholds.accessibility}`);
  if (scores.bestPractices < thresholds.bestPractices)
    missed.push(`best practices ${scores.bestPractices} < ${thresholds.bestPractices}`);
  if (scores.cls > thresholds.cls) missed.push(`CLS ${scores.cls} > ${thresholds.cls}`);
  return missed;
}

export function formatScores(name: string, scores: PageScores): string {
  return `${name}: performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores.bestPractices}, CLS ${scores.cls}`;
}
