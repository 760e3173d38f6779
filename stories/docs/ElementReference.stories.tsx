import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ElementReference } from '../../.storybook/docs/ElementReference';
import { type CustomElementsManifest, findElement } from '../../.storybook/docs/manifest';
import { pasteSnippet } from '../../.storybook/docs/paste-snippet';

/*
 * The blocks every element's docs page is made of, tested on a small manifest in the schema's shape
 * (modules[].declarations[]), so a change in how the page reads custom-elements.json shows here.
 */

const sample: CustomElementsManifest = {
  schemaVersion: '2.1.0',
  modules: [
    { declarations: [{ tagName: 'vendor-other' }] },
    {
      declarations: [
        {
          tagName: 'vendor-sample',
          summary: 'A sample element.',
          description: 'Shows `view="list"` by default.',
          attributes: [
            { name: 'api-base', type: { text: 'string' }, description: 'The vendor API v1 base URL.' },
            {
              name: 'theme',
              type: { text: "'light'|'dark'|'auto'" },
              default: 'light',
              description: 'Colours.',
            },
          ],
          events: [
            {
              name: 'vendor-licence-copied',
              type: { text: 'CustomEvent<{ license_key: string }>' },
              description: 'After a licence key was copied.',
            },
          ],
          cssProperties: [{ name: '--vendor-color-primary', default: '#2d4ed8', description: 'Buttons.' }],
          cssParts: [{ name: 'table', description: 'The table.' }],
          slots: [],
        },
      ],
    },
  ],
};

const meta = {
  title: 'Docs blocks/Element reference',
  component: ElementReference,
  tags: ['!autodocs'],
  args: { tag: 'vendor-sample', declaration: findElement(sample, 'vendor-sample') },
} satisfies Meta<typeof ElementReference>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each table lists the entries of its kind with the JSDoc's words; an empty kind says None. */
export const FromManifest: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const rowOf = (text: string) => page.getByText(text).closest('tr');
    await expect(rowOf('api-base')).toHaveTextContent('api-basestringThe vendor API v1 base URL.');
    await expect(rowOf('theme')).toHaveTextContent("theme'light'|'dark'|'auto'lightColours.");
    await expect(rowOf('vendor-licence-copied')).toHaveTextContent(
      'vendor-licence-copiedCustomEvent<{ license_key: string }>After a licence key was copied.',
    );
    await expect(rowOf('--vendor-color-primary')).toHaveTextContent('--vendor-color-primary#2d4ed8Buttons.');
    await expect(rowOf('table')).toHaveTextContent('tableThe table.');
    const slots = page.getByRole('heading', { name: 'Slots' }).closest('section');
    await expect(slots).toHaveTextContent('SlotsNone.');
    // Backticks in JSDoc become code, never markup.
    await expect(page.getByText('view="list"').tagName).toBe('CODE');
  },
};

/** An element the manifest does not list (or no manifest yet): the page says how to generate it. */
export const NotInManifest: Story = {
  args: { tag: 'vendor-missing', declaration: findElement(null, 'vendor-missing') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(
      "<vendor-missing> is not in dist/custom-elements.json. Run npm run build (it writes the manifest from the elements' JSDoc), then build the docs again.",
    );
  },
};

/** The paste-this snippet: the loader, then the element with `api-base` and its own attributes, escaped. */
export const PasteSnippet: Story = {
  render: () => (
    <pre>{pasteSnippet('vendor-payment-result', { view: 'success', heading: 'Say "hi" & <b>' })}</pre>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('pre')?.textContent).toBe(
      [
        '<script type="module" src="https://portal.example.com/widgets/loader.js"></script>',
        '',
        '<vendor-payment-result api-base="https://portal.example.com/api/v1" view="success" heading="Say &quot;hi&quot; &amp; &lt;b>"></vendor-payment-result>',
      ].join('\n'),
    );
  },
};
