import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';

import { requireUser } from '../auth/middleware';
import { downloadSecret } from '../downloads/secret';
import type { AppEnv } from '../http/app-env';
import { forbidden, HttpError, notFound, payloadTooLarge, sendError, validationError } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import { revokedLink } from '../licences/standing';
import { findItem } from '../licensing/items';
import { verifyPackage } from '../licensing/package-links';
import {
  ReleaseFieldsSchema,
  RolloutRequestSchema,
  VendorKeyRequestSchema,
} from '../licensing/release-request';
import { publishRelease, raiseRollout } from '../licensing/releases';
import { grantedPackage } from '../licensing/updates';
import {
  authenticateVendorKey,
  createVendorKey,
  listVendorKeys,
  revokeVendorKey,
} from '../licensing/vendor-keys';

/** A release zip may be far larger than an API body. */
const releaseUploadLimit = 64 * 1024 * 1024;

export function isReleaseUpload(c: Context): boolean {
  return c.req.method === 'POST' && c.req.path === '/api/v1/releases';
}

/** Vendor API keys are managed by the store's administrators. */
function requireAdmin(c: Context<AppEnv>) {
  const user = requireUser(c);
  if (user.accountType !== 'ADMIN' && user.accountType !== 'SUPER_ADMIN') throw forbidden();
  return user;
}

/** The vendor key in `Authorization: Bearer …`; 401 for a missing, unknown or revoked one alike. */
export async function requireVendorKey(c: Context<AppEnv>): Promise<void> {
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  const found = key ? await authenticateVendorKey(c.get('deps').db, key, new Date()) : null;
  if (!found) throw new HttpError(401, 'invalid_api_key', 'A valid vendor API key is required.');
}

const invalidPackageLink = () =>
  new HttpError(403, 'invalid_signature', 'This download link is not valid or has expired.');

/**
 * Releases (issue 28): vendor API keys (ADMIN and SUPER_ADMIN), publishing a product version with a
 * key, raising its rollout, and the signed package links `get_version` hands out.
 */
export function releaseRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** `POST /vendor-keys {name}`: 201 with the key, shown this once. */
  app.post('/vendor-keys', async (c) => {
    const user = requireAdmin(c);
    const { name } = await readJson(c, VendorKeyRequestSchema);
    return c.json(await createVendorKey(c.get('deps').db, name, user.id), 201);
  });

  /** `GET /vendor-keys`: every key, newest first, without the keys themselves. */
  app.get('/vendor-keys', async (c) => {
    requireAdmin(c);
    return c.json(await listVendorKeys(c.get('deps').db));
  });

  /** `DELETE /vendor-keys/:id`: revokes the key at once. */
  app.delete('/vendor-keys/:id{[0-9]{1,9}}', async (c) => {
    requireAdmin(c);
    const revoked = await revokeVendorKey(c.get('deps').db, Number(c.req.param('id')), new Date());
    if (!revoked) throw notFound('No such active key.');
    return c.json({ success: true });
  });

  /** `POST /releases` (multipart: file, product, version, changelog, requires, tested, requires_php, channel, rollout). */
  app.post(
    '/releases',
    bodyLimit({ maxSize: releaseUploadLimit, onError: (c) => sendError(c, payloadTooLarge()) }),
    async (c) => {
      await requireVendorKey(c);
      const { db } = c.get('deps');
      let form: Record<string, string | File>;
      try {
        form = (await c.req.parseBody()) as Record<string, string | File>;
      } catch {
        throw validationError({}, 'The request body must be multipart/form-data.');
      }
      const { file, ...fields } = form;
      if (!(file instanceof File) || file.size === 0)
        throw validationError({ file: 'Attach the release zip as file.' });
      const input = parseWith(ReleaseFieldsSchema, fields);
      const item = await findItem(db, { itemId: String(input.product), itemName: undefined });
      if (item.outcome !== 'found') throw validationError({ product: 'No such product.' });
      const bytes = Buffer.from(await file.arrayBuffer());
      // A zip starts with a local file header: refuse anything else before it reaches sites.
      if (bytes.readUInt32LE(0) !== 0x04034b50)
        throw validationError({ file: 'The file is not a zip archive.' });
      const published = await publishRelease(
        db,
        {
          downloadId: item.item.downloadId,
          version: input.version,
          channel: input.channel,
          changelog: input.changelog,
          requires: input.requires ?? null,
          tested: input.tested ?? null,
          requiresPhp: input.requires_php ?? null,
          rolloutPercent: input.rollout,
          fileName: `${item.item.slug}.zip`,
          bytes,
        },
        new Date(),
      );
      if (published.outcome === 'exists') {
        throw new HttpError(409, 'release_exists', 'This version of the product is already published.');
      }
      const { release } = published;
      return c.json(
        {
          id: release.id,
          product: release.downloadId,
          version: release.version,
          channel: release.channel,
          rollout: release.rolloutPercent,
          sha256: release.sha256,
          size: release.sizeBytes,
        },
        201,
      );
    },
  );

  /** `PATCH /releases/:id {rollout}`: raises the rollout; lowering is refused (409). */
  app.patch('/releases/:id{[0-9]{1,9}}', async (c) => {
    await requireVendorKey(c);
    const { rollout } = await readJson(c, RolloutRequestSchema);
    const outcome = await raiseRollout(c.get('deps').db, Number(c.req.param('id')), rollout);
    if (outcome === 'not_found') throw notFound('No such release.');
    if (outcome === 'lowered') {
      throw new HttpError(
        409,
        'rollout_lowered',
        'A rollout can only be raised: sites that have it keep it.',
      );
    }
    return c.json({ id: Number(c.req.param('id')), rollout });
  });

  /** `GET /releases/package/:token`: the zip of a signed package link, re-checked against the licence. */
  app.get('/releases/package/:token', async (c) => {
    const { db } = c.get('deps');
    const now = new Date();
    const grant = verifyPackage(await downloadSecret(db), c.req.param('token'), now);
    const granted = grant ? await grantedPackage(db, grant, now) : null;
    if (granted === 'revoked') throw revokedLink();
    if (!granted) throw invalidPackageLink();
    return c.body(new Uint8Array(granted.bytes), 200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(granted.bytes.length),
      'Content-Disposition': `attachment; filename="${granted.release.fileName}"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
