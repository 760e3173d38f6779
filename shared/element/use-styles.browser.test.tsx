import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { useOwnStyles } from './use-styles';

let views: Rendered[] = [];
afterEach(() => {
  for (const view of views) view.unmount();
  views = [];
});

const render = (...args: Parameters<typeof renderInShadow>) => {
  const view = renderInShadow(...args);
  views.push(view);
  return view;
};

describe('useStyles: each primitive brings its CSS', () => {
  it('styles a primitive rendered in a shadow root, with one sheet for many of them', async () => {
    const view = render(
      <>
        <Button>One</Button>
        <Button variant="secondary">Two</Button>
        <Badge tone="success">Active</Badge>
      </>,
    );
    await settle();
    expect(getComputedStyle($(view.shadowRoot, '.ui-btn')).display).toBe('inline-flex');
    expect(getComputedStyle($(view.shadowRoot, '.ui-badge')).borderRadius).toBe('999px');
    // Button, its Spinner's CSS is not needed until it spins: Button's and Badge's sheets only.
    expect(view.shadowRoot.adoptedStyleSheets).toHaveLength(2);
  });

  it('shares one sheet between two elements on a page', async () => {
    const first = render(<Button>One</Button>);
    const second = render(<Button>Two</Button>);
    await settle();
    expect(first.shadowRoot.adoptedStyleSheets[0]).toBe(second.shadowRoot.adoptedStyleSheets[0]);
  });

  it("keeps the element's own CSS after every primitive's, even one that renders later", async () => {
    function LaterField() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <Button onClick={() => setShown(true)}>Show</Button>
          {shown && (
            <Field label="Site URL">
              <input />
            </Field>
          )}
        </>
      );
    }
    // Same specificity as the primitives' rules, and lower: the element's CSS wins both, as when it came
    // last in one stylesheet.
    const own = '.ui-btn { min-height: 52px; } .ui-field { gap: 9px; } input { font-style: italic; }';
    const view = render(<LaterField />, { styles: own });
    await settle();
    expect(getComputedStyle($(view.shadowRoot, '.ui-btn')).minHeight).toBe('52px');
    $(view.shadowRoot, '.ui-btn').click();
    await settle();
    const field = $(view.shadowRoot, '.ui-field');
    expect(getComputedStyle(field).display).toBe('grid');
    expect(getComputedStyle(field).gap).toBe('9px');
    // The layers do it, not the sheets' order: the element's sheet was adopted first and stays first.
    const sheets = view.shadowRoot.adoptedStyleSheets;
    expect(sheets).toHaveLength(3);
    expect([...(sheets[0]?.cssRules ?? [])].map((rule) => rule.cssText).join(' ')).toContain('52px');
  });

  it('orders the layers with one statement first in the root: base, primitives, element', async () => {
    // A primitive's rule more specific than the element's loses to it all the same: the element's layer
    // comes later. Base rules (`*` box-sizing, `a` colour) lose to both.
    const own = 'button { background-color: rgb(9, 8, 7); } a { color: rgb(1, 1, 1); }';
    const view = render(
      <>
        <Button variant="secondary">Styled</Button>
        <a href="#top">Back to the top</a>
      </>,
      { styles: own },
    );
    await settle();
    const style = view.shadowRoot.querySelector('style');
    expect(style?.textContent?.startsWith('@layer base, primitives, element;')).toBe(true);
    expect(getComputedStyle($(view.shadowRoot, '.ui-btn--secondary')).backgroundColor).toBe('rgb(9, 8, 7)');
    expect(getComputedStyle($(view.shadowRoot, 'a')).color).toBe('rgb(1, 1, 1)');
    for (const sheet of view.shadowRoot.adoptedStyleSheets) {
      expect(sheet.cssRules[0]?.cssText).toBe('@layer base, primitives, element;');
    }
  });

  it('keeps the own rules a part loaded on demand brings after the primitives it renders', async () => {
    function PaymentPart() {
      useOwnStyles('.pay { min-height: 61px; }');
      return <Button className="pay">Pay</Button>;
    }
    const view = render(<Badge>Loading</Badge>, { styles: '.ui-badge { color: rgb(1, 2, 3); }' });
    await settle();
    expect(getComputedStyle($(view.shadowRoot, '.ui-badge')).color).toBe('rgb(1, 2, 3)');
    // The part arrives later, as a lazy chunk does: its rule beats Button's min-height of equal weight.
    view.rerender(<PaymentPart />);
    await settle();
    expect(getComputedStyle($(view.shadowRoot, '.pay')).minHeight).toBe('61px');
  });
});
