import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createZip, type ZipEntry } from '../../server/downloads/zip';
import { writePluginElements } from './elements';

/**
 * `npm run wordpress:zip`: installable zips of the WordPress plugins in dist/wordpress/ (after `npm run
 * build:manifest`, whose element list the vendor-portal plugin carries): `vendor-portal.zip` and
 * `example-plugin.zip`, each one folder named like the plugin, the licence client copied into the
 * example plugin (a link in the repository).
 */

const root = join(import.meta.dirname, '../..');
export const plugins = ['vendor-portal', 'example-plugin'] as const;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** A plugin's zip; `version` rewrites the main file's Version header (a release build). */
export function pluginZip(plugin: (typeof plugins)[number], version?: string): Buffer {
  const dir = join(root, 'wordpress', plugin);
  const entries: ZipEntry[] = files(dir).map((path) => {
    const name = `${plugin}/${relative(dir, path)}`;
    let data = readFileSync(path);
    if (version && name === `${plugin}/${plugin}.php`) {
      data = Buffer.from(data.toString('utf8').replace(/^( \* Version:\s*)\S+/m, `$1${version}`));
    }
    return { name, data };
  });
  return createZip(entries, new Date());
}

function main(): void {
  writePluginElements(root);
  const out = join(root, 'dist/wordpress');
  mkdirSync(out, { recursive: true });
  for (const plugin of plugins) {
    writeFileSync(join(out, `${plugin}.zip`), pluginZip(plugin));
    process.stdout.write(`dist/wordpress/${plugin}.zip\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
