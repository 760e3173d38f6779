import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProduct, freeDownloads } from '../../shared/catalogue';
import type { FreeDownload } from '../../shared/catalogue/types';
import { createZip, type ZipEntry } from './zip';

/** A downloadable archive: a product of the catalogue or one of the 12 free items (spec §9). */
export interface PackageFile {
  /** 'product:<download id>' or 'free:<slug>': what a signed link names. */
  id: string;
  /** Shown to the user and sent back by the landing, e.g. 'Addons Plugin'. */
  title: string;
  slug: string;
  isTheme: boolean;
  /** 'addons-plugin.zip'. */
  fileName: string;
}

/** The version of generated archives, and of the releases seeded for the catalogue. */
export const generatedVersion = '1.0.0';

export function productPackage(downloadId: number): PackageFile | null {
  const product = findProduct(downloadId);
  if (!product) return null;
  return {
    id: `product:${downloadId}`,
    title: product.name,
    slug: product.slug,
    isTheme: product.kind === 'theme',
    fileName: `${product.slug}.zip`,
  };
}

function freePackageOf(item: FreeDownload): PackageFile {
  return {
    id: `free:${item.slug}`,
    title: item.name,
    slug: item.slug,
    isTheme: item.isTheme,
    fileName: `${item.slug}.zip`,
  };
}

/** A free item by slug (what the free download call sends as download_name). */
export function freePackage(slug: string): PackageFile | null {
  const item = freeDownloads.find((free) => free.slug === slug);
  return item ? freePackageOf(item) : null;
}

/** The package a signed grant names, or null for an id that is not ours. */
export function packageById(id: string): PackageFile | null {
  const [kind, key] = id.split(':', 2);
  if (kind === 'product' && key && /^\d{1,9}$/.test(key)) return productPackage(Number(key));
  if (kind === 'free' && key) return freePackage(key);
  return null;
}

/** Where the archives live: `<DATA_DIR>/downloads`, or a temp directory for an in-memory database. */
export function packagesDir(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? join(tmpdir(), 'vendor-portal-downloads')
    : join(dataDir, 'downloads');
}

/** The files of a small but real plugin or theme, so a download can be unpacked and installed. */
export function packageEntries(pkg: PackageFile, version = generatedVersion): ZipEntry[] {
  const text = (name: string, body: string): ZipEntry => ({
    name: `${pkg.slug}/${name}`,
    data: Buffer.from(body),
  });
  const readme = text(
    'readme.txt',
    `=== ${pkg.title} ===\nStable tag: ${version}\nLicense: GPLv2 or later\n\n${pkg.title}, packaged by the vendor portal.\n`,
  );
  if (pkg.isTheme) {
    return [
      text('style.css', `/*\nTheme Name: ${pkg.title}\nVersion: ${version}\nLicense: GPLv2 or later\n*/\n`),
      text('index.php', '<?php\n// Silence is golden.\n'),
      readme,
    ];
  }
  return [
    text(
      `${pkg.slug}.php`,
      `<?php\n/**\n * Plugin Name: ${pkg.title}\n * Version: ${version}\n * License: GPLv2 or later\n */\n\ndefined('ABSPATH') || exit;\n`,
    ),
    readme,
  ];
}

/**
 * The archive's bytes, generated on first use and kept under `dir`. Written to a temp name and renamed,
 * so a reader never sees half a file even when two requests generate it at once.
 */
export async function readPackage(dir: string, pkg: PackageFile): Promise<Buffer> {
  // Products and free items in their own folders: their slugs come from the catalogue, never a request.
  const folder = join(dir, pkg.id.startsWith('free:') ? 'free' : 'products');
  const path = join(folder, pkg.fileName);
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const zip = createZip(packageEntries(pkg), new Date(Date.UTC(2026, 0, 1)));
  await mkdir(folder, { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, zip);
  await rename(temp, path);
  return zip;
}
