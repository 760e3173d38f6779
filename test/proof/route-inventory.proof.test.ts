import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/app';
import { registeredRoutes } from './support/access-inventory';
import { accessMatrix } from './support/access-matrix';
import { recordFigures } from './support/figures';
import { fuzzCorpus } from './support/fuzz-corpus';

/**
 * Issue 16 route inventory: the routes the server registers (development routes included: the test
 * configuration mounts them) against the access matrix and the fuzz corpus, so a new endpoint cannot
 * ship without saying who may call it and what it reads.
 */
let t: TestApp;
let routes: string[];

beforeAll(async () => {
  t = await createTestApp();
  routes = registeredRoutes(t.app);
});
afterAll(() => t?.close());

const duplicates = (keys: string[]) => keys.filter((key, index) => keys.indexOf(key) !== index);

describe('route inventory', () => {
  it('finds the routes of every part of the server', () => {
    // A floor, not the list: if the inspection stopped seeing routes, every check below would pass.
    for (const sample of ['POST /api/v1/signin', 'GET /healthz', 'ALL /widgets/*', 'GET /news/:slug']) {
      expect(routes).toContain(sample);
    }
    expect(routes.some((route) => route.startsWith('ALL /api/'))).toBe(false);
  });

  it('every route has an entry in the access matrix', () => {
    const listed = new Set(accessMatrix.map((entry) => entry.route));
    const missing = routes.filter((route) => !listed.has(route));
    expect(missing, `routes without an access matrix entry: ${missing.join(', ')}`).toEqual([]);
  });

  it('every route has an entry in the fuzz corpus', () => {
    const listed = new Set(fuzzCorpus.map((entry) => entry.route));
    const missing = routes.filter((route) => !listed.has(route));
    expect(missing, `routes without a fuzz corpus entry: ${missing.join(', ')}`).toEqual([]);
  });

  it('neither lists a route the server does not have, nor one route twice', () => {
    const known = new Set(routes);
    const stale = [...accessMatrix, ...fuzzCorpus]
      .map((entry) => entry.route)
      .filter((route) => !known.has(route));
    expect(stale, `entries for routes that do not exist: ${stale.join(', ')}`).toEqual([]);
    expect(duplicates(accessMatrix.map((entry) => entry.route))).toEqual([]);
    expect(duplicates(fuzzCorpus.map((entry) => entry.route))).toEqual([]);
  });

  it('every access matrix entry has a probe, and only public routes skip a signed-in check', () => {
    const empty = accessMatrix.filter((entry) => entry.probes.length === 0).map((entry) => entry.route);
    expect(empty).toEqual([]);
    recordFigures('route-inventory', {
      routes: routes.length,
      'in access matrix': accessMatrix.length,
      'in fuzz corpus': fuzzCorpus.length,
      'fuzzed (read a body, query, form or path)': fuzzCorpus.filter((entry) => entry.input.kind !== 'none')
        .length,
    });
  });
});
