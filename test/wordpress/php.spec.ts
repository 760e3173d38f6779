import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * Issue 29: the PHP the project ships and runs (wordpress/, test/php/, test/wordpress/) parses, and the
 * licence client's offline check of a licence file holds against real Ed25519 signatures.
 */
const root = join(import.meta.dirname, '../..');

function phpFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory())
      return name === 'licence-client' && dir.endsWith('example-plugin') ? [] : phpFiles(path);
    return name.endsWith('.php') ? [path] : [];
  });
}

test('php -l passes on every PHP file', () => {
  const files = ['wordpress', 'test/php', 'test/wordpress'].flatMap((dir) => phpFiles(join(root, dir)));
  expect(files.length).toBeGreaterThan(20);
  for (const file of files) {
    expect(execFileSync('php', ['-l', file], { encoding: 'utf8' }), file).toContain(
      'No syntax errors detected',
    );
  }
});

test('the plugins use no PHP 8 syntax or function (they run on PHP 7.4 to 8.3)', () => {
  const files = phpFiles(join(root, 'wordpress'));
  const found = execFileSync('php', [join(root, 'test/php/php74-syntax.php'), ...files], {
    encoding: 'utf8',
  });
  expect(found).toBe('');
  const php8 = join(test.info().outputDir, 'php8.php');
  mkdirSync(test.info().outputDir, { recursive: true });
  writeFileSync(php8, '<?php\n$a = match (1) { 1 => 2 };\n$b = $c?->d;\nstr_contains("a", "b");\n');
  expect(
    execFileSync('php', [join(root, 'test/php/php74-syntax.php'), php8], { encoding: 'utf8' }),
  ).toContain('T_MATCH');
});

test('the offline licence file: valid, tampered, expired, stale, another key, site or signer', () => {
  const output = execFileSync('php', [join(root, 'test/php/licence-file.php')], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(JSON.parse(output)).toEqual({
    valid: [true, 'ok'],
    tampered: [false, 'signature'],
    expired: [false, 'expired'],
    lifetime: [true, 'ok'],
    stale: [false, 'stale'],
    other_key: [false, 'other_key'],
    other_site: [false, 'other_site'],
    other_signer: [false, 'signature'],
    not_json: [false, 'malformed'],
    site_of: 'shop.example.com/store',
  });
});

test('npm run wordpress:zip builds both plugins as one folder each, the licence client inside the example plugin', () => {
  execFileSync('npm', ['run', 'wordpress:zip'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  const list = (zip: string) =>
    execFileSync(
      'php',
      [
        '-r',
        '$z = new ZipArchive(); $z->open($argv[1]); for ($i = 0; $i < $z->numFiles; $i++) echo $z->getNameIndex($i), "\\n";',
        join(root, 'dist/wordpress', zip),
      ],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n');
  const portal = list('vendor-portal.zip');
  expect(portal).toEqual(
    expect.arrayContaining(['vendor-portal/vendor-portal.php', 'vendor-portal/uninstall.php']),
  );
  expect(portal).toEqual(
    expect.arrayContaining(['vendor-portal/elements.json', 'vendor-portal/blocks/checkout/block.json']),
  );
  expect(portal.every((name) => name.startsWith('vendor-portal/'))).toBe(true);
  const example = list('example-plugin.zip');
  expect(example).toEqual(
    expect.arrayContaining([
      'example-plugin/example-plugin.php',
      'example-plugin/licence-client/licence-client.php',
      'example-plugin/licence-client/includes/class-vendor-licence-file.php',
    ]),
  );
  expect(example.every((name) => name.startsWith('example-plugin/'))).toBe(true);
});
