/**
 * Storybook's static pages (index.html, iframe.html) carry a few inline scripts (its feature flags, the
 * manager's imports, a devtools hook). The server's page CSP allows scripts from 'self' only, so instead
 * of loosening it for /docs/, this step moves each inline script into a file next to the page and points
 * a `<script src>` at it: same order, same type, and /docs/ runs under the CSP of every other page.
 *
 * Usage: `tsx .storybook/externalize-inline-scripts.ts dist/docs` (after `storybook build`).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const inlineScript = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/gi;

export interface ExternalizedPage {
  html: string;
  files: { name: string; content: string }[];
}

/** The page with every non-empty inline script replaced by a reference to a file named by its hash. */
export function externalizeInlineScripts(html: string): ExternalizedPage {
  const files: ExternalizedPage['files'] = [];
  const rewritten = html.replace(inlineScript, (whole, attributes: string, body: string) => {
    if (/\ssrc=/i.test(attributes) || body.trim() === '') return whole;
    const name = `inline-${createHash('sha256').update(body).digest('hex').slice(0, 16)}.js`;
    files.push({ name, content: body });
    return `<script${attributes} src="./${name}"></script>`;
  });
  return { html: rewritten, files };
}

async function main(dir: string): Promise<void> {
  const pages = (await readdir(dir)).filter((name) => name.endsWith('.html'));
  for (const page of pages) {
    const path = join(dir, page);
    const { html, files } = externalizeInlineScripts(await readFile(path, 'utf8'));
    for (const file of files) await writeFile(join(dir, file.name), file.content);
    await writeFile(path, html);
    process.stdout.write(`${page}: ${files.length} inline script(s) moved to files\n`);
  }
}

const dir = process.argv[2];
if (dir) await main(dir);
