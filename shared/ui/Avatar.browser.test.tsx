import { afterEach, describe, expect, it } from 'vitest';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Avatar } from './Avatar';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function until(probe: () => boolean, timeout = 3000): Promise<void> {
  const started = performance.now();
  while (!probe()) {
    if (performance.now() - started > timeout) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A picture the test server serves (vitest's browser mode serves the project's files). */
const goodPicture = () => new URL('/server/assets/news/blocks-3.svg', location.origin).href;

describe('Avatar', () => {
  it('shows the initials, not the broken-image icon, when the picture fails to load', async () => {
    view = renderInShadow(<Avatar name="Casey Customer" src="/no-such-picture.png" size={32} />);
    await settle();
    const avatar = $(view.shadowRoot, '.ui-avatar');
    expect(avatar.textContent).toBe('CC');
    await until(() => avatar.querySelector('img') === null);
    expect(getComputedStyle(avatar).width).toBe('32px');
  });

  it('keeps a picture that loads over the initials', async () => {
    const src = goodPicture();
    view = renderInShadow(<Avatar name="Casey Customer" src={src} size={40} />);
    await settle();
    const image = $(view.shadowRoot, '.ui-avatar img') as HTMLImageElement;
    await until(() => image.complete && image.naturalWidth > 0);
    expect(view.shadowRoot.querySelector('.ui-avatar img')).toBe(image);
    expect(getComputedStyle(image).position).toBe('absolute');
  });
});
