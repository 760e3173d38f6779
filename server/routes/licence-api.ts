import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { readEddRequest } from '../licensing/edd/request';
import { asParams, LicenceApiRequestSchema, LicenceFileQuerySchema } from '../licensing/licence-api-request';
import { limitLicensingCall } from '../licensing/rate-limits';
import { type LicenceCall, licenceCall, licenceFile, signedJson } from '../licensing/signed-api';
import { signingKey } from '../licensing/signing-key';

function sendSigned(c: Context<AppEnv>, value: unknown): Response {
  const { body, headers } = signedJson(value, signingKey());
  return c.body(body, 200, { ...headers, 'Cache-Control': 'no-store' });
}

/**
 * Our own licence API beside the EDD one (issue 28): the same rules and refusals, JSON in and out, every
 * answer signed with Ed25519 (signature and key id in headers), a licence file for offline checks and
 * the public key to verify both.
 */
export function licenceApiRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  for (const call of ['activate', 'deactivate', 'validate'] as const satisfies readonly LicenceCall[]) {
    app.post(`/licenses/${call}`, async (c) => {
      const fields = await readJson(c, LicenceApiRequestSchema);
      await limitLicensingCall(c, fields.license);
      const request = readEddRequest(asParams(fields), c.req.header('User-Agent'));
      return sendSigned(c, await licenceCall(c.get('deps').db, call, request, new Date()));
    });
  }

  /** `GET /licenses/file?license=…&url=…`: a signed licence file valid 30 days, for a valid licence. */
  app.get('/licenses/file', async (c) => {
    const query = readQuery(c, LicenceFileQuerySchema);
    await limitLicensingCall(c, query.license);
    const request = readEddRequest(asParams(query), undefined);
    const result = await licenceFile(c.get('deps').db, request, new Date(), signingKey());
    if ('refused' in result) {
      const { status, error } = result.refused;
      throw new HttpError(
        403,
        'license_not_valid',
        'This licence is not valid for this site.',
        'license_not_valid',
        {
          license: status,
          error,
        },
      );
    }
    return sendSigned(c, result.file);
  });

  /** `GET /licenses/public-key`: the key answers and files are signed with, raw (base64) and PEM. */
  app.get('/licenses/public-key', (c) => {
    const key = signingKey();
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({
      key_id: key.keyId,
      algorithm: 'Ed25519',
      public_key: key.publicKey.toString('base64'),
      pem: publicPem(key.publicKey),
    });
  });

  return app;
}

/** SPKI PEM of a raw Ed25519 public key (RFC 8410 prefix), for tools that read PEM. */
function publicPem(raw: Buffer): string {
  const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}
