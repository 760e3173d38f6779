// Size budgets of DESIGN §4, gzip, checked by `npm run size` after `npm run build`. "With everything it
// loads" follows each element's static imports in the build manifest, so a budget counts exactly the
// bytes a visitor downloads for that element and nothing of the other elements.
import { readFileSync } from 'node:fs';

const dir = 'dist/widgets';
const manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8'));
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

function closure(entryFile) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key].file);
  };
  visit(entryFile);
  return [...files].map((file) => `${dir}/${file}`);
}

const sharedChunks = Object.values(manifest)
  .filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry)
  .map((chunk) => `${dir}/${chunk.file}`);

/** Per element: its own chunk ≤ 10 KB, and with everything it loads ≤ the element's budget. */
const elementBudgets = { 'vendor-news': '15 KB' };

export default [
  { name: 'loader.js', path: `${dir}/loader.js`, limit: '1 KB', gzip: true },
  { name: 'shared runtime chunks', path: sharedChunks, limit: '20 KB', gzip: true },
  ...Object.entries(elementBudgets).flatMap(([tag, limit]) => [
    { name: `<${tag}> own chunk`, path: `${dir}/${tag}.js`, limit: '10 KB', gzip: true },
    { name: `<${tag}> with everything it loads`, path: closure(`${tag}.js`), limit, gzip: true },
  ]),
];
