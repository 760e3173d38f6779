import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notSwept, sweptByActions, sweptOnLoad } from '../test/e2e/support/swept-calls';
import { createTestApp, type TestApp } from './test-support/app';

/**
 * Issue 23: every API call the client makes is faulted by one of the two fault sweeps. The calls are
 * the server's `/api/v1` routes whose path the client's code names; each must be listed for a sweep
 * (which fails unless it finds the call) or say why no sweep can fault it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const root = join(import.meta.dirname, '..');

/** The shipped client's source: shared code and elements, without tests and stories. */
function clientSource(): string {
  return ['shared', 'widgets']
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)),
    )
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|browser\.test|stories)\.tsx?$/.test(file))
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n');
}

it('every API route the client calls is faulted by a sweep, or says why not', () => {
  const source = clientSource();
  const prefix = '/api/v1';
  const called = [
    ...new Set(
      t.app.routes
        .filter(({ method, path }) => method !== 'ALL' && path.startsWith(`${prefix}/`))
        .filter(({ path }) => source.includes(`'${path.slice(prefix.length)}'`))
        .map(({ method, path }) => `${method} ${path}`),
    ),
  ];
  // The scan finds calls at all: a broken scan must not pass by finding none.
  expect(called).toEqual(expect.arrayContaining(['GET /api/v1/profile', 'POST /api/v1/purchase']));
  const listed = new Set([...sweptOnLoad, ...sweptByActions, ...Object.keys(notSwept)]);
  expect(called.filter((call) => !listed.has(call))).toEqual([]);
});

it('lists no call twice over, and no call the server lacks', () => {
  const routes = new Set(t.app.routes.map(({ method, path }) => `${method} ${path}`));
  const listed = [...sweptOnLoad, ...sweptByActions, ...Object.keys(notSwept)];
  expect(listed.filter((call) => !routes.has(call))).toEqual([]);
  expect(
    Object.keys(notSwept).filter((call) => sweptOnLoad.includes(call) || sweptByActions.includes(call)),
  ).toEqual([]);
});
