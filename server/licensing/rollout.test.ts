import { describe, expect, it } from 'vitest';
import { inRollout } from './rollout';
import { compareVersions } from './versions';

const sites = Array.from({ length: 1000 }, (_, i) => ({
  key: `licence-${i % 97}`,
  site: `site-${i}.example.com`,
}));
const offered = (percent: number) =>
  sites.filter((s) => inRollout({ id: 42, rolloutPercent: percent }, s.key, s.site)).map((s) => s.site);

describe('staged rollout', () => {
  it('offers a 20 % release to 200 ± 30 of 1,000 sites, the same ones on every call', () => {
    const first = offered(20);
    expect(first.length).toBeGreaterThanOrEqual(170);
    expect(first.length).toBeLessThanOrEqual(230);
    expect(offered(20)).toEqual(first);
  });

  it('adds sites when the percent is raised and never removes one', () => {
    const at20 = new Set(offered(20));
    const at50 = new Set(offered(50));
    expect([...at20].every((site) => at50.has(site))).toBe(true);
    expect(at50.size).toBeGreaterThan(at20.size);
    expect(offered(0)).toEqual([]);
    expect(offered(100)).toHaveLength(1000);
  });
});

describe('compareVersions', () => {
  it('orders versions as WordPress plugins number them', () => {
    const sorted = ['2.10.1', '2.9', '3.0.0-beta.2', '3.0.0', '3.0.0-beta.10', '1.0'].sort(compareVersions);
    expect(sorted).toEqual(['1.0', '2.9', '2.10.1', '3.0.0-beta.2', '3.0.0-beta.10', '3.0.0']);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
  });
});
