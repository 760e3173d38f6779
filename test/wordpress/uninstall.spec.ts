import { expect, test } from '@playwright/test';
import { wpPhp, wpSignIn } from './support/site';
import { customerLicences } from './support/store';

/*
 * Issue 29: deleting a plugin removes what it stored. Each plugin is deactivated and uninstalled as
 * wp-admin's Delete does it (uninstall_plugin(): WP_UNINSTALL_PLUGIN defined, then the plugin's
 * uninstall.php, inside the test site), then test/wordpress/wp.php puts the site back as it was.
 */

interface Uninstalled {
  before: string[];
  after: string[];
  hooks_before: string[];
  hooks_after: string[];
}

test('uninstalling the vendor portal removes vendor_portal_settings and leaves no option of its own', () => {
  const stored = wpPhp<unknown>('option', 'vendor_portal_settings');
  expect(stored).not.toBeNull();
  const result = wpPhp<Uninstalled>('uninstall', 'vendor-portal/vendor-portal.php', '%vendor_portal%');
  expect(result.before).toEqual(['vendor_portal_settings']);
  expect(result.after).toEqual([]);
  expect(wpPhp<unknown>('option', 'vendor_portal_settings')).toEqual(stored);
});

test('uninstalling the example plugin removes its licence state, its cached release and its heartbeat', async ({
  page,
  request,
}) => {
  // The plugin's own screens store what it owns: the licence state and the daily heartbeat (a licence
  // activated), the release the store offered (an update check).
  const { bundle } = await customerLicences(request, 1677666, 'Blocks Plugin');
  await wpSignIn(page);
  await page.goto('/wp-admin/options-general.php?page=example-plugin-licence');
  await page.getByLabel('Licence key').fill(bundle.licence.license_key);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('status')).toHaveText('Licence activated. This site now receives updates.');
  await page.goto('/wp-admin/update-core.php?force-check=1');

  const result = wpPhp<Uninstalled>(
    'uninstall',
    'example-plugin/example-plugin.php',
    '%vendor_licence%',
    '%example-plugin%',
    '%example_plugin%',
  );
  expect(result.before).toEqual(
    expect.arrayContaining([
      'vendor_licence_example-plugin',
      expect.stringMatching(/^_site_transient_vendor_licence_release_/),
    ]),
  );
  expect(result.hooks_before).toEqual(['vendor_licence_heartbeat_example-plugin']);
  expect(result.after).toEqual([]);
  expect(result.hooks_after).toEqual([]);
  // Put back: the licence screen reads its state again.
  expect(wpPhp<{ beta: boolean } | null>('option', 'vendor_licence_example-plugin')).not.toBeNull();
});
