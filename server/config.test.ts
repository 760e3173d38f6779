import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: null,
      allowedOrigins: [],
      seedDemoData: true,
      devOutbox: true,
      affiliateLandingPath: '/checkout',
    });
    expect(config.session.rotateAfterSeconds).toBe(900);
  });

  it('reads and normalises values', () => {
    const config = loadConfig({
      PORT: '3000',
      ALLOWED_ORIGINS: 'https://shop.example.com, http://localhost:5173/',
      DATABASE_URL: 'postgres://u@db:5432/vendor',
      SEED_DEMO_DATA: 'false',
      AFFILIATE_LANDING_PATH: '/pricing/',
    });
    expect(config.port).toBe(3000);
    expect(config.allowedOrigins).toEqual(['https://shop.example.com', 'http://localhost:5173']);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/vendor');
    expect(config.seedDemoData).toBe(false);
    expect(config.affiliateLandingPath).toBe('/pricing/');
  });

  it("reads the billing engine's schedule: retry and reminder days sorted once each, the grace period", () => {
    expect(loadConfig({}).billing).toMatchObject({
      retryDays: [1, 3, 5, 7],
      graceDays: 7,
      reminderDays: [30, 7],
    });
    const { billing } = loadConfig({
      BILLING_RETRY_DAYS: '4, 2,2',
      BILLING_GRACE_DAYS: '0',
      BILLING_REMINDER_DAYS: '14',
    });
    expect(billing).toMatchObject({ retryDays: [2, 4], graceDays: 0, reminderDays: [14] });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ ALLOWED_ORIGINS: '*' }, /ALLOWED_ORIGINS cannot be "\*"/],
    [{ ALLOWED_ORIGINS: 'https://shop.example.com/path' }, /must be an origin only/],
    [{ ALLOWED_ORIGINS: 'shop.example.com' }, /is not a URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be/],
    [{ NODE_ENV: 'production' }, /SMTP_URL is required/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be true or false/],
    [{ AFFILIATE_LANDING_PATH: 'https://evil.example/' }, /AFFILIATE_LANDING_PATH must be a path/],
    [{ AFFILIATE_LANDING_PATH: '//evil.example' }, /AFFILIATE_LANDING_PATH must be a path/],
    [{ AFFILIATE_LANDING_PATH: '/\\evil.example' }, /AFFILIATE_LANDING_PATH must be a path/],
    [{ AFFILIATE_LANDING_PATH: '/checkout?x=1' }, /AFFILIATE_LANDING_PATH must be a path/],
    [{ BILLING_RETRY_DAYS: '1,three' }, /BILLING_RETRY_DAYS must be day counts/],
    [{ BILLING_REMINDER_DAYS: '400' }, /BILLING_REMINDER_DAYS must be day counts/],
    [{ BILLING_GRACE_DAYS: '-1' }, /BILLING_GRACE_DAYS/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
