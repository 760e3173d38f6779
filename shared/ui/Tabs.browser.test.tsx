import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { $, type Rendered, renderInShadow, settle } from '../../test/helpers/render';
import { deepActiveElement } from './focus';
import { type TabItem, Tabs } from './Tabs';

const items: TabItem[] = [
  { id: 'profile', label: 'Profile', content: <p>Profile form</p> },
  { id: 'billing', label: 'Billing & Payment Methods', content: <p>Cards</p> },
  { id: 'graph', label: 'Graph', content: <p>Unreachable</p>, disabled: true },
  { id: 'security', label: 'Password & Security', content: <p>Two-Factor Authentication Methods</p> },
];

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const activeTab = (root: ShadowRoot) => $(root, '[role="tab"][data-state="active"]').textContent;
const visiblePanel = (root: ShadowRoot) => $(root, '[role="tabpanel"]:not([hidden])').textContent;

describe('Tabs', () => {
  it('shows every tab in a 320 px column, on two lines if need be', async () => {
    view = renderInShadow(
      <div style={{ width: '288px' }}>
        <Tabs label="Profile sections" items={items} />
      </div>,
    );
    await settle();
    const list = $(view.shadowRoot, '[role="tablist"]').getBoundingClientRect();
    for (const tab of view.shadowRoot.querySelectorAll('[role="tab"]')) {
      const box = tab.getBoundingClientRect();
      expect(box.right, tab.textContent ?? '').toBeLessThanOrEqual(list.right + 0.5);
      expect(box.left, tab.textContent ?? '').toBeGreaterThanOrEqual(list.left - 0.5);
    }
  });

  it('follows the WAI-ARIA tabs pattern', async () => {
    view = renderInShadow(<Tabs label="Profile sections" items={items} />);
    await settle();
    const root = view.shadowRoot;
    expect($(root, '[role="tablist"]').getAttribute('aria-label')).toBe('Profile sections');
    const tabs = Array.from(root.querySelectorAll<HTMLElement>('[role="tab"]'));
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    const panel = $(root, '[role="tabpanel"]:not([hidden])');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
    expect(visiblePanel(root)).toBe('Profile form');
    await expectNoAxeViolations(root);
  });

  it('moves and activates with the arrow keys, skipping disabled tabs and wrapping, Home and End', async () => {
    const onValueChange = vi.fn();
    view = renderInShadow(<Tabs label="Profile sections" items={items} onValueChange={onValueChange} />, {
      theme: 'dark',
    });
    await settle();
    const root = view.shadowRoot;
    $(root, '[role="tab"][data-state="active"]').focus();

    await userEvent.keyboard('{ArrowRight}');
    expect(activeTab(root)).toBe('Billing & Payment Methods');
    expect(deepActiveElement()?.textContent).toBe('Billing & Payment Methods');
    expect(visiblePanel(root)).toBe('Cards');

    await userEvent.keyboard('{ArrowRight}');
    expect(activeTab(root)).toBe('Password & Security');
    await userEvent.keyboard('{ArrowRight}');
    expect(activeTab(root)).toBe('Profile');
    await userEvent.keyboard('{ArrowLeft}');
    expect(activeTab(root)).toBe('Password & Security');
    await userEvent.keyboard('{Home}');
    expect(activeTab(root)).toBe('Profile');
    await userEvent.keyboard('{End}');
    expect(activeTab(root)).toBe('Password & Security');
    expect(deepActiveElement()?.textContent).toBe('Password & Security');
    expect(onValueChange.mock.calls.map(([id]) => id)).toEqual([
      'billing',
      'security',
      'profile',
      'security',
      'profile',
      'security',
    ]);
    await expectNoAxeViolations(root);
  });

  it('can be controlled', async () => {
    view = renderInShadow(<Tabs label="Sections" items={items} value="billing" />);
    await settle();
    expect(activeTab(view.shadowRoot)).toBe('Billing & Payment Methods');
    $(view.shadowRoot, '[data-tab="security"]').click();
    await settle();
    // Without the owner updating `value`, the active tab stays.
    expect(activeTab(view.shadowRoot)).toBe('Billing & Payment Methods');
    view.rerender(<Tabs label="Sections" items={items} value="security" />);
    await settle();
    expect(visiblePanel(view.shadowRoot)).toBe('Two-Factor Authentication Methods');
  });
});
