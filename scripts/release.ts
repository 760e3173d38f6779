import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * `npm run release -- <zip> --product <download id> --version <x.y.z> [--channel stable|beta]
 * [--rollout <percent>] [--changelog <text> | --changelog-file <path>] [--requires <wp>] [--tested <wp>]
 * [--requires-php <php>] [--store <url>]`: publishes a release from the vendor's CI. The vendor API key
 * comes from `VENDOR_API_KEY` (never an argument: arguments end up in CI logs), the store address from
 * `--store` or `STORE_URL`.
 */

export interface ReleaseOptions {
  zip: string;
  store: string;
  fields: Record<string, string>;
  changelogFile: string | undefined;
}

const usage =
  'usage: npm run release -- <zip> --product <id> --version <x.y.z> [--channel stable|beta] [--rollout <percent>] [--changelog <text> | --changelog-file <path>] [--requires <wp>] [--tested <wp>] [--requires-php <php>] [--store <url>]';

export function parseReleaseArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ReleaseOptions {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      product: { type: 'string' },
      version: { type: 'string' },
      channel: { type: 'string', default: 'stable' },
      rollout: { type: 'string', default: '100' },
      changelog: { type: 'string' },
      'changelog-file': { type: 'string' },
      requires: { type: 'string' },
      tested: { type: 'string' },
      'requires-php': { type: 'string' },
      store: { type: 'string' },
    },
  });
  const [zip] = positionals;
  const store = values.store ?? env.STORE_URL;
  if (!zip || !values.product || !values.version || !store) throw new Error(usage);
  const optional = {
    changelog: values.changelog,
    requires: values.requires,
    tested: values.tested,
    requires_php: values['requires-php'],
  };
  const fields: Record<string, string> = {
    product: values.product,
    version: values.version,
    channel: values.channel,
    rollout: values.rollout,
  };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined) fields[name] = value;
  return { zip, store: store.replace(/\/+$/, ''), fields, changelogFile: values['changelog-file'] };
}

/** Sends the release; answers the server's JSON, or throws with its message. */
export async function sendRelease(
  options: ReleaseOptions,
  apiKey: string,
  send: (url: string, init: RequestInit) => Response | Promise<Response> = fetch,
): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields)) form.set(name, value);
  if (options.changelogFile) form.set('changelog', await readFile(options.changelogFile, 'utf8'));
  form.set('file', new Blob([new Uint8Array(await readFile(options.zip))]), basename(options.zip));
  const response = await send(`${options.store}/api/v1/releases`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}` },
    body: form,
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new Error(`release refused (${response.status}): ${body?.message ?? 'no message'}`);
  return body;
}

async function main(): Promise<void> {
  const apiKey = process.env.VENDOR_API_KEY;
  if (!apiKey) throw new Error('Set VENDOR_API_KEY to a vendor API key (created by an administrator).');
  const published = await sendRelease(parseReleaseArgs(process.argv.slice(2), process.env), apiKey);
  process.stdout.write(`${JSON.stringify(published)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
