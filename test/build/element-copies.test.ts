// @vitest-environment node
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementCopies, elementOf } from '../../vite.element-copies';
import { type BuiltFixtures, buildFixtures } from './build-fixtures';

const fixtures = resolve(import.meta.dirname, 'element-copies');
let built: BuiltFixtures;

beforeAll(async () => {
  built = await buildFixtures({
    name: 'element-copies',
    plugins: [elementCopies((id) => /[\\/]shared[\\/]ui[\\/]/.test(id))],
    entries: {
      alpha: join(fixtures, 'widgets/alpha/define.ts'),
      beta: join(fixtures, 'widgets/beta/define.ts'),
    },
  });
}, 60_000);

describe('elementCopies', () => {
  it('names the element of a module by its folder or by its copy', () => {
    expect(elementOf('/p/widgets/licenses/Licenses.tsx')).toBe('licenses');
    expect(elementOf('/p/shared/ui/Button.tsx?element=payment-result')).toBe('payment-result');
    expect(elementOf('/p/shared/ui/Button.tsx')).toBeNull();
  });

  it('puts a copied module into each element instead of a chunk both load', () => {
    const beta = built.startFiles('beta');
    const shared = built.startFiles('alpha').filter((file) => beta.includes(file));
    expect(shared.map(built.read).join('\n')).not.toContain('`[${');
    for (const entry of ['alpha', 'beta']) expect(built.startCode(entry).match(/`\[\$\{/g)).toHaveLength(1);
  });

  it('keeps one module for state the elements share, and one copy per element across its chunks', async () => {
    interface Element {
      increment: () => number;
      label: (text: string) => string;
      loadLazy?: () => Promise<{ label: (text: string) => string }>;
    }
    const alpha = await built.load<Element>('alpha');
    const beta = await built.load<Element>('beta');
    expect(alpha.increment()).toBe(1);
    expect(beta.increment()).toBe(2);
    expect(alpha.label).not.toBe(beta.label);
    expect((await alpha.loadLazy?.())?.label).toBe(alpha.label);
    expect(beta.label('x')).toBe('[x]');
  });
});
