import { describe, expect, it } from 'vitest';
import { formatScores, missedThresholds } from './thresholds';

const passing = { performance: 95, accessibility: 100, bestPractices: 95, cls: 0 };

describe('the Lighthouse thresholds of issue #15', () => {
  it('pass exactly at the limits', () => {
    expect(missedThresholds(passing)).toEqual([]);
  });

  it('name every score that misses, one point or one shift is enough', () => {
    expect(missedThresholds({ performance: 94, accessibility: 99, bestPractices: 94, cls: 0.001 })).toEqual([
      'performance 94 < 95',
      'accessibility 99 < 100',
      'best practices 94 < 95',
      'CLS 0.001 > 0',
    ]);
  });

  it('print one line with the four scores and CLS', () => {
    expect(formatScores('demo', passing)).toBe(
      'demo: performance 95, accessibility 100, best practices 95, CLS 0',
    );
  });
});
