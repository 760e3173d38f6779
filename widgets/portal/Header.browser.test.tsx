import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { SessionUser } from '../../shared/schemas/session';
import { deepActiveElement } from '../../shared/ui/focus';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { paintedAtCentreOf } from '../../test/helpers/dialog';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Header } from './Header';
import portalStyles from './portal.css?inline';

const user: SessionUser = {
  id: 7,
  display_name: 'Casey Customer',
  first_name: 'Casey',
  last_name: 'Customer',
  name: 'Casey Customer',
  email: 'customer@example.com',
  gravatar: '',
  profile_image: '',
  user_type: 'customer',
  accountType: 'CUSTOMER',
  loggedInAccountType: 'CUSTOMER',
  status: 'active',
  is_customer: true,
  twoFA: { totp: false, email: false },
  switch_back_to: null,
  switched_user: false,
  role_permission: null,
  activeProfile: null,
  allProfiles: [],
  has_affiliates: false,
};

let view: Rendered | undefined;
const outside: HTMLElement[] = [];
afterEach(() => {
  view?.unmount();
  view = undefined;
  for (const node of outside.splice(0)) node.remove();
});

/** The header inside a small clipping, stacked box, under a fixed cover: the host page at its worst. */
async function mountHeader(onSignOut = vi.fn()) {
  view = renderInShadow(
    <Header
      user={user}
      profileHref="/user/profile"
      onToggleSidebar={vi.fn()}
      onSignOut={onSignOut}
      onSwitchBack={vi.fn()}
      switching={false}
    />,
    { styles: portalStyles },
  );
  const clip = document.createElement('div');
  clip.style.cssText = 'position: relative; z-index: 1; overflow: hidden; height: 60px';
  const cover = document.createElement('div');
  cover.style.cssText = 'position: fixed; inset: 70px 0 0; z-index: 2147483647; background: rgb(0 0 0 / 10%)';
  document.body.append(clip, cover);
  outside.push(clip, cover);
  clip.append(view.host);
  await settle();
  const root = view.shadowRoot;
  return { root, trigger: $(root, '.header__trigger'), menu: $(root, '.header__dropdown') };
}

describe('Header: the account menu is a popover', () => {
  it('opens under its button, above a clipping container and a cover, and Escape gives focus back', async () => {
    const { root, trigger, menu } = await mountHeader();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(trigger);
    await settle();
    expect(menu.matches(':popover-open')).toBe(true);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const button = trigger.getBoundingClientRect();
    const box = menu.getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(button.bottom);
    expect(Math.round(box.right)).toBe(Math.round(button.right));
    // Below the 60px clip and under the cover, every entry is what a pointer reaches.
    for (const entry of menu.querySelectorAll('a, button')) expect(paintedAtCentreOf(entry)).toBe(entry);
    await expectNoAxeViolations(root);

    await userEvent.keyboard('{Escape}');
    await settle();
    expect(menu.matches(':popover-open')).toBe(false);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(deepActiveElement()).toBe(trigger);
  });

  it('is reached with the keyboard, and Escape from inside it returns focus to its button', async () => {
    const onSignOut = vi.fn();
    const { root, trigger, menu } = await mountHeader(onSignOut);
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await settle();
    expect(menu.matches(':popover-open')).toBe(true);
    await userEvent.tab();
    expect(deepActiveElement()?.textContent).toBe('Profile');
    await userEvent.keyboard('{Escape}');
    await settle();
    expect(menu.matches(':popover-open')).toBe(false);
    expect(deepActiveElement()).toBe(trigger);

    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.tab();
    expect(deepActiveElement()?.textContent).toBe('Logout');
    await userEvent.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(root.textContent).toContain('Your are logged in as');
  });

  it('closes on a press elsewhere and on a second press of its button', async () => {
    const { trigger, menu } = await mountHeader();
    await userEvent.click(trigger);
    await settle();
    expect(menu.matches(':popover-open')).toBe(true);
    await userEvent.click(trigger);
    await settle();
    expect(menu.matches(':popover-open')).toBe(false);

    await userEvent.click(trigger);
    await settle();
    expect(menu.matches(':popover-open')).toBe(true);
    await userEvent.click(document.body, { position: { x: 5, y: 200 } });
    await settle();
    expect(menu.matches(':popover-open')).toBe(false);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Header: sticky', () => {
  it('is sticky from its first frame on a page already scrolled past 300px, and static back at the top', async () => {
    const tall = document.createElement('div');
    tall.style.height = '3000px';
    document.body.prepend(tall);
    outside.push(tall);
    window.scrollTo(0, 400);
    const { root } = await mountHeader();
    const header = $(root, 'header.header');
    expect(header.dataset.state).toBe('sticky');
    window.scrollTo(0, 0);
    await expect.poll(() => header.dataset.state).toBe('static');
  });
});
