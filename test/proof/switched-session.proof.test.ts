import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../server/test-support/app';
import { switchedSessionMessage } from '../../shared/schemas/reauth-messages';
import { methodOf, sendProbe } from './support/access-client';
import { isAllowed } from './support/access-expectations';
import { accessMatrix, type Probe, type ProbeRequest } from './support/access-matrix';
import { changedTables, type DatabaseSnapshot, databaseSnapshots } from './support/access-snapshot';
import { type AccessWorld, createAccessWorld } from './support/access-world';
import { recordFigures } from './support/figures';

/**
 * Issue 26: the switched-session role through the whole access matrix. A shop manager switched into
 * customer A may look and help as A does, so every route answers that session as it answers A, except
 * what would let the staff member own the account: the password, the e-mail, 2FA and the saved cards,
 * refused with 403 and leaving every table as it was. Run in a world of its own, so the session acts
 * on A's objects in the order A does in the matrix.
 */
let world: AccessWorld;
let snapshot: () => Promise<DatabaseSnapshot>;
const figures = { tried: 0, refused: 0, asTheOwner: 0 };
/** The probes refused as the owner's alone, `route (probe)`, in the order they ran. */
const refusedProbes: string[] = [];

/** The calls the issue names as the owner's alone. */
function ownsTheAccount(route: string, request: ProbeRequest, ownerEmail: string): boolean {
  const [method = '', path = ''] = route.split(' ');
  if (method === 'POST' && path === '/api/v1/profile') {
    const body = (request.json ?? {}) as { type?: string; email?: string };
    return (
      body.type === 'password' ||
      (body.type === 'profile' &&
        typeof body.email === 'string' &&
        body.email.trim().toLowerCase() !== ownerEmail.toLowerCase())
    );
  }
  return [
    'POST /api/v1/profile/confirm-email',
    'POST /api/v1/profile/add-card',
    'POST /api/v1/profile/remove-card',
    'POST /api/v1/configure-2fa',
    'GET /api/v1/totp-setup-key',
    'GET /api/v1/get-backup-codes',
    'POST /api/v1/get-backup-codes',
    'GET /api/v1/download-backup-codes',
    'POST /api/v1/disable-2fa',
    'POST /api/v1/reauth-code',
  ].includes(`${method} ${path}`);
}

/** A new session of the shop manager switched into A. */
async function switchedIntoA(): Promise<string> {
  const manager = await signIn(world.t.app, 'manager@example.com', 'Manager#2026');
  const response = await world.t.app.request('/api/v1/user-switch', {
    method: 'POST',
    headers: { 'X-WP-Nonce': manager, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_id: world.ids.customerAId }),
  });
  if (response.status !== 200) throw new Error(`switching failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

let switched = '';

beforeAll(async () => {
  world = await createAccessWorld();
  snapshot = databaseSnapshots(world.t.handle.db);
  switched = await switchedIntoA();
}, 120_000);

afterAll(async () => {
  recordFigures('switched-session', {
    routes: accessMatrix.length,
    'calls tried': figures.tried,
    'refused as the owner’s alone': figures.refused,
    'answered as the owner': figures.asTheOwner,
  });
  await world?.close();
});

async function runProbe(route: string, probe: Probe): Promise<string | null> {
  const request = probe.request(world.ids);
  const owners = ownsTheAccount(route, request, world.ids.customerAEmail);
  const token = probe.freshSession ? await switchedIntoA() : switched;
  const before = owners ? await snapshot() : null;
  const response = await sendProbe(world.t.app, methodOf(route), request, token);
  const answer = await response.text();
  figures.tried += 1;
  const where = `${route} (${probe.name}) switched into A`;
  if (owners) {
    if (response.status !== 403 || !answer.includes(switchedSessionMessage))
      return `${where}: expected 403 '${switchedSessionMessage}', got ${response.status} ${answer.slice(0, 200)}`;
    const changed = before ? changedTables(before, await snapshot(), probe.mayWrite) : [];
    if (changed.length > 0) return `${where}: refused but changed ${changed.join(', ')}`;
    figures.refused += 1;
    refusedProbes.push(`${route} (${probe.name})`);
    return null;
  }
  // A switched session is A's, save that it cannot switch again (switch back first).
  const expected = route === 'POST /api/v1/user-switch' ? 403 : probe.expect.customerA;
  if (response.status !== expected && !(isAllowed(expected) && isAllowed(response.status)))
    return `${where}: expected ${expected} as A gets, got ${response.status} ${answer.slice(0, 200)}`;
  figures.asTheOwner += 1;
  return null;
}

describe('the switched-session role through the access matrix', () => {
  for (const entry of accessMatrix) {
    it(entry.route, async () => {
      const problems: string[] = [];
      for (const probe of entry.probes) {
        const problem = await runProbe(entry.route, probe);
        if (problem) problems.push(problem);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  it('refused exactly the owner-only calls probed: the password, the e-mail, 2FA and the cards', () => {
    const ownerOnly = accessMatrix.flatMap((entry) =>
      entry.probes
        .filter((probe) => ownsTheAccount(entry.route, probe.request(world.ids), world.ids.customerAEmail))
        .map((probe) => `${entry.route} (${probe.name})`),
    );
    expect(refusedProbes).toEqual(ownerOnly);
    expect(figures.refused).toBe(ownerOnly.length);
    // The profile's takeover calls are among them; its names (A's own e-mail) and address are not.
    expect(ownerOnly).toEqual(
      expect.arrayContaining([
        'POST /api/v1/profile (a new e-mail address)',
        'POST /api/v1/profile (a new password)',
      ]),
    );
    expect(ownerOnly).not.toContain("POST /api/v1/profile (names only, with A's e-mail)");
    expect(ownerOnly).not.toContain("POST /api/v1/profile (own address with A's user id slipped in)");
  });
});
