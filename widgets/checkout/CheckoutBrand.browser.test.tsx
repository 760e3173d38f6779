import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { CheckoutBrand } from './CheckoutBrand';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('CheckoutBrand', () => {
  it("shows the shop's logo and name", async () => {
    view = renderInShadow(<CheckoutBrand brand="Harbor Plugins" logo="https://shop.example.com/logo.svg" />);
    await settle();
    const brand = view.shadowRoot.querySelector('[part="brand"]');
    expect(brand?.textContent).toBe('Harbor Plugins');
    const logo = brand?.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('https://shop.example.com/logo.svg');
    // The name beside it says it already: the image is decoration.
    expect(logo?.getAttribute('alt')).toBe('');
  });

  it('shows no logo from an address that is not http(s), and nothing without a name or logo', async () => {
    view = renderInShadow(<CheckoutBrand brand="Harbor Plugins" logo="javascript:alert(1)" />);
    await settle();
    expect(view.shadowRoot.querySelector('img')).toBeNull();
    expect(view.shadowRoot.querySelector('[part="brand"]')?.textContent).toBe('Harbor Plugins');
    view.rerender(<CheckoutBrand />);
    await settle();
    expect(view.shadowRoot.querySelector('[part="brand"]')).toBeNull();
  });
});
