import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = import.meta.dirname;

/** The server's own modules (tests may use any randomness they like). */
const modules = (readdirSync(serverDir, { recursive: true }) as string[]).filter(
  (path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.startsWith('test-support'),
);

describe('random source', () => {
  it('secrets (passwords, tokens, keys, codes) come from node:crypto only: no server module uses Math.random', () => {
    expect(modules.length).toBeGreaterThan(50);
    const offenders = modules.filter((path) =>
      /Math\.random/.test(readFileSync(join(serverDir, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
