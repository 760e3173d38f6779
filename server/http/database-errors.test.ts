import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../test-support/app';

/**
 * Regressions from the proof suite's fuzzing (issue 16): values the database cannot hold answered 500.
 * Each is now the caller's mistake: 400 with the spec §8 validation_error body, and nothing logged as
 * an internal error.
 */
let t: TestApp;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
});
afterAll(() => t.close());

const internalErrors = () => t.logger.entries.filter((entry) => entry.level === 'error');

async function expectValidationError(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status: 'validation_error', code: 'validation_error' });
  expect(internalErrors()).toEqual([]);
  return body;
}

describe('a NUL character in a path segment', () => {
  it.each(['/news/a%00b', '/sandbox/pay/a%00b'])('%s is a 400, not a 500', async (path) => {
    const body = await expectValidationError(await t.app.request(path));
    expect(body.message).toBe(
      'The request contains a value that cannot be stored (a NUL character or a number out of range).',
    );
  });
});

describe('ids beyond PostgreSQL integer', () => {
  it('a conversation id of 2^31 is refused by the query schema', async () => {
    const response = await t.app.request('/api/v1/tickets?conversation_id=2147483648', {
      headers: { 'X-WP-Nonce': customer },
    });
    const body = await expectValidationError(response);
    expect(body.data).toEqual({ fields: { conversation_id: 'Conversation is required' } });
  });

  it('a company id of 2^53 is refused by the body schema', async () => {
    const response = await t.app.request('/api/v1/user/switch-account', {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-WP-Nonce': customer },
      body: JSON.stringify({ company_id: 2 ** 53 }),
    });
    const body = await expectValidationError(response);
    expect(Object.keys((body.data as { fields: object }).fields)).toEqual(['company_id']);
  });

  it('the largest id still reaches the route: an unknown subscription is a 404', async () => {
    const response = await t.app.request('/api/v1/subscriptions', {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-WP-Nonce': customer },
      body: JSON.stringify({ id: 2_147_483_647, type: 'cancel' }),
    });
    expect(response.status).toBe(404);
    expect(internalErrors()).toEqual([]);
  });
});
