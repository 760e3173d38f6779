import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { Badge } from './Badge';
import { Button, ButtonLink } from './Button';
import { Skeleton } from './Skeleton';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('Button', () => {
  it('renders every variant, clickable, without axe violations in light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const onClick = vi.fn();
      view = renderInShadow(
        <>
          <Button onClick={onClick}>Add Site</Button>
          <Button variant="secondary">Back</Button>
          <Button variant="danger">Deactivate Site</Button>
          <Button variant="link">Browse All Posts</Button>
          <Button disabled>No Upgrades</Button>
        </>,
        { theme },
      );
      await settle();
      $(view.shadowRoot, '.ui-btn--primary').click();
      expect(onClick).toHaveBeenCalledOnce();
      expect($(view.shadowRoot, '.ui-btn--primary').getAttribute('type')).toBe('button');
      await expectNoAxeViolations(view.shadowRoot);
      view.unmount();
      view = undefined;
    }
  });

  it('while loading shows a spinner, is aria-busy, ignores clicks and keeps focus', async () => {
    const onClick = vi.fn();
    view = renderInShadow(
      <Button loading onClick={onClick}>
        Sending Password Reset Link...
      </Button>,
    );
    await settle();
    const button = $(view.shadowRoot, 'button');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.dataset.state).toBe('loading');
    expect(button.querySelector('.ui-spinner[aria-hidden="true"]')).not.toBeNull();
    expect(button.hasAttribute('disabled')).toBe(false);
    button.focus();
    button.click();
    expect(onClick).not.toHaveBeenCalled();
    expect(view.shadowRoot.activeElement).toBe(button);
    await expectNoAxeViolations(view.shadowRoot);
  });

  it('does not fire when disabled', async () => {
    const onClick = vi.fn();
    view = renderInShadow(
      <Button disabled onClick={onClick}>
        No Upgrades
      </Button>,
    );
    await settle();
    $(view.shadowRoot, 'button').click();
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ButtonLink', () => {
  it('is a link that looks like a button, styled with no Button beside it', async () => {
    view = renderInShadow(
      <ButtonLink variant="secondary" size="small" href="/user/my-products" className="extra">
        All Products
      </ButtonLink>,
    );
    await settle();
    const link = $(view.shadowRoot, 'a');
    expect(link.getAttribute('href')).toBe('/user/my-products');
    expect(link.className).toBe('ui-btn ui-btn--secondary ui-btn--small extra');
    expect(getComputedStyle(link).display).toBe('inline-flex');
    await expectNoAxeViolations(view.shadowRoot);
  });
});

describe('Badge and Skeleton', () => {
  it('colours a badge by tone', async () => {
    view = renderInShadow(
      <>
        <Badge tone="success">Active</Badge>
        <Badge tone="warning">Pending</Badge>
        <Badge tone="danger">Expired</Badge>
        <Badge>Closed</Badge>
      </>,
    );
    await settle();
    const badges = Array.from(view.shadowRoot.querySelectorAll<HTMLElement>('.ui-badge'));
    expect(badges.map((badge) => badge.dataset.tone)).toEqual(['success', 'warning', 'danger', 'neutral']);
    const colour = (index: number) => getComputedStyle(badges[index] as HTMLElement).color;
    expect(colour(0)).not.toBe(colour(2));
    await expectNoAxeViolations(view.shadowRoot);
  });

  it('reserves the space it is given and is hidden from assistive technology', async () => {
    view = renderInShadow(<Skeleton width={120} height="2rem" />);
    await settle();
    const block = $(view.shadowRoot, '.ui-skel');
    expect(block.getAttribute('aria-hidden')).toBe('true');
    const box = block.getBoundingClientRect();
    expect(box.width).toBe(120);
    expect(box.height).toBe(32);
  });
});
