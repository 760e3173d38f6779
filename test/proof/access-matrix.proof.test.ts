import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodOf, sendProbe } from './support/access-client';
import { isAllowed } from './support/access-expectations';
import { accessMatrix, type Probe } from './support/access-matrix';
import {
  changedTables,
  type DatabaseSnapshot,
  databaseSnapshots,
  ownerRowsSnapshot,
} from './support/access-snapshot';
import { type AccessWorld, createAccessWorld, type Role, roles } from './support/access-world';
import { recordFigures } from './support/figures';

/**
 * Issue 16 access matrix: every route × every role, aimed at customer A's objects. A refusal must be the
 * expected status and leave every table as it was; an allowed call must succeed, so the matrix cannot
 * pass by refusing everything.
 */
let world: AccessWorld;
let snapshot: () => Promise<DatabaseSnapshot>;
const figures = { tried: 0, refused: 0, allowed: 0 };

beforeAll(async () => {
  world = await createAccessWorld();
  snapshot = databaseSnapshots(world.t.handle.db);
}, 120_000);

afterAll(async () => {
  recordFigures('access-matrix', {
    routes: accessMatrix.length,
    roles: roles.length,
    'routes×roles tried': figures.tried,
    'refused as expected': figures.refused,
    'allowed as expected': figures.allowed,
  });
  await world?.close();
});

async function tokenFor(role: Role, probe: Probe): Promise<string | null> {
  return probe.freshSession ? world.freshToken(role) : world.token(role);
}

/** A's rows the probe protects, when someone other than A is allowed the call; null otherwise. */
function ownerRows(role: Role, probe: Probe): Promise<DatabaseSnapshot> | null {
  if (role === 'customerA' || !probe.keepsOwnerRows) return null;
  return ownerRowsSnapshot(world.t.handle.db, probe.keepsOwnerRows, world.ids.customerAId);
}

/** Runs one probe as every role; answers what went wrong, one line per role. */
async function runProbe(route: string, probe: Probe): Promise<string[]> {
  const problems: string[] = [];
  const method = methodOf(route);
  for (const role of roles) {
    const token = await tokenFor(role, probe);
    const expected = probe.expect[role];
    // A refused call may change nothing; an allowed one may change its caller's data, never A's.
    const before = isAllowed(expected) ? null : await snapshot();
    const ownerBefore = isAllowed(expected) ? await ownerRows(role, probe) : null;
    const response = await sendProbe(world.t.app, method, probe.request(world.ids), token);
    const answer = await response.text();
    figures.tried += 1;
    const where = `${route} (${probe.name}) as ${role}`;
    if (response.status !== expected) {
      problems.push(`${where}: expected ${expected}, got ${response.status} ${answer.slice(0, 200)}`);
      continue;
    }
    if (!before) {
      const ownerAfter = ownerBefore ? await ownerRows(role, probe) : null;
      const touched = ownerBefore && ownerAfter ? changedTables(ownerBefore, ownerAfter) : [];
      if (touched.length > 0) {
        problems.push(
          `${where}: allowed with ${response.status} but changed A's rows in ${touched.join(', ')}`,
        );
        continue;
      }
      figures.allowed += 1;
      continue;
    }
    const changed = changedTables(before, await snapshot(), probe.mayWrite);
    if (changed.length > 0) {
      problems.push(`${where}: refused with ${response.status} but changed ${changed.join(', ')}`);
      continue;
    }
    figures.refused += 1;
  }
  return problems;
}

describe('access matrix: every route × role against customer A’s objects', () => {
  for (const entry of accessMatrix) {
    it(entry.route, async () => {
      const problems: string[] = [];
      for (const probe of entry.probes) problems.push(...(await runProbe(entry.route, probe)));
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
