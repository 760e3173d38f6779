import { and, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  FreeDownloadRequestSchema,
  LandingDownloadRequestSchema,
  ProDownloadRequestSchema,
} from '../../shared/schemas/download-requests';
import type { DownloadItem } from '../../shared/schemas/downloads';
import { requireUser } from '../auth/middleware';
import type { Database } from '../db';
import { licences, payments } from '../db/schema';
import { downloadItem, downloadItems } from '../downloads/items';
import {
  freePackage,
  type PackageFile,
  packageById,
  packagesDir,
  productPackage,
  readPackage,
} from '../downloads/packages';
import { downloadSecret } from '../downloads/secret';
import { verifyDownload } from '../downloads/signing';
import type { AppEnv } from '../http/app-env';
import { HttpError, notFound } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import { publicOriginOf } from '../licences/links';
import { productRecords } from '../licences/records';
import { licenceStands, revokedLink } from '../licences/standing';
import { latestStableArchive } from '../licensing/releases';

const invalidLink = () =>
  new HttpError(403, 'invalid_signature', 'This download link is not valid or has expired.');

async function sendArchive(
  c: Context<AppEnv>,
  pkg: PackageFile,
  cacheControl = 'no-store',
): Promise<Response> {
  const { db, config } = c.get('deps');
  // A product's file is its latest stable release; free items are generated packages.
  const productId = /^product:(\d+)$/.exec(pkg.id)?.[1];
  const release = productId ? await latestStableArchive(db, Number(productId)) : null;
  const bytes = release?.bytes ?? (await readPackage(packagesDir(config.dataDir), pkg));
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': 'application/zip',
    'Content-Length': String(bytes.length),
    // File names come from the catalogue's slugs: plain ASCII, nothing to escape.
    'Content-Disposition': `attachment; filename="${pkg.fileName}"`,
    'Cache-Control': cacheControl,
  });
}

/**
 * The licence of this user with this key, purchase and product, whatever its state (a refunded or
 * disabled one is told apart from a stranger's after the signature is checked); null otherwise.
 */
async function ownedLicenceId(
  db: Database,
  userId: number,
  request: { download_key: string; payment_id: number; download_id: number },
): Promise<number | null> {
  const [row] = await db
    .select({ id: licences.id })
    .from(licences)
    .innerJoin(payments, eq(payments.id, licences.paymentId))
    .where(
      and(
        eq(licences.key, request.download_key),
        eq(licences.userId, userId),
        eq(licences.paymentId, request.payment_id),
        eq(licences.downloadId, request.download_id),
        eq(payments.userId, userId),
      ),
    );
  return row?.id ?? null;
}

/**
 * Downloads (spec §7): the PRO list, a PRO file for its owner, the free items for anyone, and the
 * public landing that trades a signed link for its file. Files are zip archives made on first use.
 */
export function downloadRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** `GET /downloads`: the PRO downloads of the user's products; a bundle nests its products. */
  app.get('/downloads', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const { records, children } = await productRecords(db, user.id);
    const links = { secret: await downloadSecret(db), origin: publicOriginOf(c), now: new Date() };
    const body: DownloadItem[] = records.flatMap((record) => {
      const { licence } = record;
      const nested = children.get(licence.id);
      const item = downloadItem(
        {
          licenceId: licence.id,
          downloadId: licence.downloadId,
          priceId: licence.priceId,
          paymentId: licence.paymentId,
          licenceKey: licence.key,
        },
        links,
        nested ? downloadItems(nested, links) : undefined,
      );
      return item ? [item] : [];
    });
    return c.json(body);
  });

  /**
   * `POST /downloads`: with `download_id` a PRO file, for the signed-in owner of that licence and with a
   * valid signature; otherwise a free item by its slug in `download_name`, for anyone.
   */
  app.post('/downloads', async (c) => {
    const raw = await readJson(c, v.looseObject({}));
    if (!('download_id' in raw)) {
      const request = parseWith(FreeDownloadRequestSchema, raw);
      const pkg = freePackage(request.download_name);
      if (!pkg) throw notFound('No such free download.');
      return sendArchive(c, pkg);
    }
    const user = requireUser(c);
    const { db } = c.get('deps');
    const request = parseWith(ProDownloadRequestSchema, raw);
    const pkg = productPackage(request.download_id);
    const licenceId = pkg ? await ownedLicenceId(db, user.id, request) : null;
    // Not the user's (or not a product at all): the same 404 as for a licence that does not exist.
    if (!pkg || licenceId === null) throw notFound('No such download.');
    const grant = verifyDownload(await downloadSecret(db), request.token, request.download_name, new Date());
    if (!grant || grant.file !== pkg.id || grant.licenceId !== licenceId) throw invalidLink();
    if (!(await licenceStands(db, licenceId))) throw revokedLink();
    return sendArchive(c, pkg);
  });

  /** The free items' public archives (the Download links of spec §2 Downloads). */
  app.get('/downloads/free/:file', async (c) => {
    const slug = /^([a-z0-9-]{1,80})\.zip$/.exec(c.req.param('file'))?.[1];
    const pkg = slug ? freePackage(slug) : null;
    if (!pkg) throw notFound('No such free download.');
    return sendArchive(c, pkg, 'public, max-age=86400');
  });

  /** The download landing (spec §7 `{signature, download_name}`): public, the signature is the right. */
  app.post('/downloads/landing', async (c) => {
    const request = await readJson(c, LandingDownloadRequestSchema);
    const { db } = c.get('deps');
    const grant = verifyDownload(
      await downloadSecret(db),
      request.signature,
      request.download_name,
      new Date(),
    );
    const pkg = grant ? packageById(grant.file) : null;
    if (!grant || !pkg) throw invalidLink();
    if (!(await licenceStands(db, grant.licenceId))) throw revokedLink();
    return sendArchive(c, pkg);
  });

  return app;
}
