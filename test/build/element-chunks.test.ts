// @vitest-environment node
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementChunks } from '../../vite.element-chunks';
import { type BuiltFixtures, buildFixtures } from './build-fixtures';

const fixtures = resolve(import.meta.dirname, 'element-chunks');
const elementOfEntry = (id: string) => /[\\/]widgets[\\/]([a-z]+)[\\/]define\.ts$/.exec(id)?.[1] ?? null;

/** Alpha, beta and a loader importing both on demand, with or without one start-up chunk per element. */
function buildElements(withPlugin: boolean): Promise<BuiltFixtures> {
  const own = elementChunks(elementOfEntry);
  return buildFixtures({
    name: 'element-chunks',
    plugins: withPlugin ? [own.plugin] : [],
    entries: {
      alpha: join(fixtures, 'widgets/alpha/define.ts'),
      beta: join(fixtures, 'widgets/beta/define.ts'),
      loader: join(fixtures, 'loader.ts'),
    },
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: withPlugin
        ? {
            codeSplitting: {
              groups: [
                {
                  name: (id: string) => own.chunkOf(id),
                  test: (id: string) => own.chunkOf(id) !== null,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          }
        : {},
    },
  });
}

let built: BuiltFixtures;
beforeAll(async () => {
  built = await buildElements(true);
}, 60_000);

describe('elementChunks', () => {
  it("loads an element's own start-up code as one file, beside what elements share", () => {
    const files = built.startFiles('alpha');
    const own = files.map(built.read).filter((text) => text.includes('<li>'));
    expect(own).toHaveLength(1);
    expect(own[0]).toContain('items:');
    // The code beta runs too stays out of alpha's own file.
    expect(own[0]).not.toContain("['shared']");
    expect(files).toHaveLength(2);
  });

  it('keeps one instance of each module across the entry and its lazy view', async () => {
    const alpha = await built.load<{
      list: () => string[];
      loadDetail: () => Promise<{ detail: () => string[] }>;
    }>('alpha');
    expect(alpha.list()).toEqual(['<li>one</li>', '<li>two</li>', 'shared']);
    expect((await alpha.loadDetail()).detail()).toEqual(['<li>detail</li>']);
  });

  it('is needed: left alone, the bundler splits that code into more files', async () => {
    const alone = await buildElements(false);
    expect(alone.startFiles('alpha').length).toBeGreaterThan(2);
  });
});
