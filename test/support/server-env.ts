/**
 * The environment every Playwright suite starts the real server with (e2e and WordPress): loopback, a
 * test server, sign-in limits that tolerate the suites' deliberate failures.
 */
export function testServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    // Every test signs in from 127.0.0.1 and several fail on purpose: the per-IP limit counts failures.
    SIGNIN_RATE_LIMIT_PER_IP: '10000',
    // No billing run in the middle of the suites: it would renew or expire the demo data they read.
    BILLING_INTERVAL_SECONDS: '0',
  };
}
