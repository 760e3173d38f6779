/**
 * Server configuration from environment variables, with defaults, checked once at start so that a bad
 * value stops the server with a message naming the variable instead of failing later.
 * Every variable is documented in server/README.md.
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute origin the server is reached at (behind a proxy: the public one). Null: derived at listen. */
  publicUrl: string | null;
  /** PGlite data directory, used when databaseUrl is null. */
  dataDir: string;
  databaseUrl: string | null;
  /** Origins besides the server's own that may call the API with credentials (widgets embedded there). */
  allowedOrigins: string[];
  /**
   * Host names besides the loopback ones, the listening address and PUBLIC_URL's host that requests
   * may name in Host; any other gets 421 (server/http/host-allow-list.ts).
   */
  allowedHosts: string[];
  /** Trust one reverse proxy: the client address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  session: {
    idleTtlSeconds: number;
    absoluteTtlSeconds: number;
    rotateAfterSeconds: number;
    rotationGraceSeconds: number;
  };
  signInRateLimit: { perAccount: number; perIp: number; windowSeconds: number };
  /** The public licence endpoints (EDD-compatible and our own), per address and per licence key. */
  licensingRateLimit: { perIp: number; perKey: number; windowSeconds: number };
  mail: { from: string; smtpUrl: string | null };
  /** Demo accounts with published passwords: never wanted on a production database. */
  seedDemoData: boolean;
  /** The development outbox page and transport (no real mail is sent). */
  devOutbox: boolean;
  /**
   * Port of the cross-origin demo page (server/demo-origin.ts), another origin that embeds the elements;
   * null: not opened. On by default in development only (PORT + 1).
   */
  demoOriginPort: number | null;
  /** Where an affiliate's referral URL lands visitors: a public page of this origin (a path). */
  affiliateLandingPath: string;
  billing: BillingConfig;
}

/** The billing engine (server/billing): when it retries, how long a failing licence lasts, reminders. */
export interface BillingConfig {
  /** Days after the renewal date on which a declined charge is tried again, ascending. */
  retryDays: number[];
  /** Days after the renewal date a failing subscription's licence keeps working. */
  graceDays: number;
  /** Days before a yearly renewal its reminder is mailed. */
  reminderDays: number[];
  /** How often each server process runs what is due; 0: never (the billing command only). */
  intervalSeconds: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  }
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

/** An origin is scheme://host[:port] and nothing else; a path or a wildcard is a configuration mistake. */
function parseOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: "${raw}" is not a URL like https://shop.example.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name}: "${raw}" must start with https:// or http://.`);
  }
  if (url.origin !== raw.replace(/\/$/, '')) {
    throw new ConfigError(
      `${name}: "${raw}" must be an origin only (scheme, host and port), like ${url.origin}.`,
    );
  }
  return url.origin;
}

/** A path of this origin ('/checkout'): no scheme, host, query or fragment, so it cannot lead elsewhere. */
function readPath(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(raw)) {
    throw new ConfigError(`${name} must be a path of this site like /checkout, got "${raw}".`);
  }
  return raw;
}

/** A comma-separated list of day counts ('1,3,5,7'), each 0–365, sorted and without repeats. */
function readDays(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const parts = raw.split(',').map((part) => part.trim());
  if (!parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 365)) {
    throw new ConfigError(`${name} must be day counts from 0 to 365 separated by commas, got "${raw}".`);
  }
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

function readDatabaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// connection string.');
  }
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = env.NODE_ENV?.trim() || 'development';
  if (nodeEnvRaw !== 'development' && nodeEnvRaw !== 'production' && nodeEnvRaw !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}".`);
  }
  const production = nodeEnvRaw === 'production';

  const publicUrlRaw = env.PUBLIC_URL?.trim();
  const publicUrl = publicUrlRaw ? parseOrigin('PUBLIC_URL', publicUrlRaw) : null;

  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      if (item === '*') throw new ConfigError('ALLOWED_ORIGINS cannot be "*": list each origin.');
      return parseOrigin('ALLOWED_ORIGINS', item);
    });

  const allowedHosts = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '')
    .map((item) => {
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)$/.test(item)) {
        throw new ConfigError(
          `ALLOWED_HOSTS: "${item}" must be a host name or address only (no scheme, port or wildcard), like portal.internal.`,
        );
      }
      return item;
    });

  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
  }
  const devOutbox = !production;
  if (production && !smtpUrl) {
    throw new ConfigError('SMTP_URL is required when NODE_ENV=production (mail has nowhere to go).');
  }

  const host = env.HOST?.trim() || '127.0.0.1';
  const port = readInt(env, 'PORT', 8080, 0, 65_535);

  return {
    nodeEnv: nodeEnvRaw,
    port,
    host,
    publicUrl,
    dataDir: env.DATA_DIR?.trim() || './data',
    databaseUrl: readDatabaseUrl(env),
    allowedOrigins,
    allowedHosts,
    trustProxy: readBool(env, 'TRUST_PROXY', false),
    bodyLimitBytes: readInt(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    session: {
      idleTtlSeconds: readInt(env, 'SESSION_IDLE_TTL_SECONDS', 14 * 24 * 3600, 60, 365 * 24 * 3600),
      absoluteTtlSeconds: readInt(env, 'SESSION_MAX_AGE_SECONDS', 90 * 24 * 3600, 60, 3650 * 24 * 3600),
      rotateAfterSeconds: readInt(env, 'SESSION_ROTATE_AFTER_SECONDS', 15 * 60, 0, 30 * 24 * 3600),
      rotationGraceSeconds: readInt(env, 'SESSION_ROTATION_GRACE_SECONDS', 60, 0, 3600),
    },
    signInRateLimit: {
      perAccount: readInt(env, 'SIGNIN_RATE_LIMIT_PER_ACCOUNT', 10, 1, 1_000_000),
      perIp: readInt(env, 'SIGNIN_RATE_LIMIT_PER_IP', 50, 1, 1_000_000),
      windowSeconds: readInt(env, 'SIGNIN_RATE_LIMIT_WINDOW_SECONDS', 15 * 60, 1, 24 * 3600),
    },
    licensingRateLimit: {
      perIp: readInt(env, 'LICENSING_RATE_LIMIT_PER_IP', 600, 1, 100_000_000),
      perKey: readInt(env, 'LICENSING_RATE_LIMIT_PER_KEY', 60, 1, 100_000_000),
      windowSeconds: readInt(env, 'LICENSING_RATE_LIMIT_WINDOW_SECONDS', 60, 1, 24 * 3600),
    },
    mail: {
      from: env.MAIL_FROM?.trim() || 'Vendor Portal <no-reply@vendor.example>',
      smtpUrl,
    },
    seedDemoData: readBool(env, 'SEED_DEMO_DATA', !production),
    devOutbox,
    demoOriginPort: readDemoOriginPort(env, nodeEnvRaw, port),
    affiliateLandingPath: readPath(env, 'AFFILIATE_LANDING_PATH', '/checkout'),
    billing: {
      retryDays: readDays(env, 'BILLING_RETRY_DAYS', [1, 3, 5, 7]),
      graceDays: readInt(env, 'BILLING_GRACE_DAYS', 7, 0, 365),
      reminderDays: readDays(env, 'BILLING_REMINDER_DAYS', [30, 7]),
      intervalSeconds: readInt(env, 'BILLING_INTERVAL_SECONDS', 300, 0, 86_400),
    },
  };
}

/**
 * DEMO_ORIGIN_PORT: a port, or 0 for none. Unset: PORT + 1 in development (with a fixed PORT), none
 * in test and production, where every listener is asked for explicitly.
 */
function readDemoOriginPort(env: Env, nodeEnv: Config['nodeEnv'], port: number): number | null {
  const fallback = nodeEnv === 'development' && port > 0 && port < 65_535 ? port + 1 : 0;
  const value = readInt(env, 'DEMO_ORIGIN_PORT', fallback, 0, 65_535);
  return value === 0 ? null : value;
}
