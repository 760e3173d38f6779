import type { FreeDownload } from './types';

/*
 * The fixed list of 12 free downloads (spec §2, §9): one theme and eleven plugins. Names and slugs are
 * ours; images live at '/assets/free/{slug}.png' and the archive link is built from the slug.
 */
function item(name: string, slug: string, isTheme = false): FreeDownload {
  return { name, slug, image: `/assets/free/${slug}.png`, isTheme };
}

export const freeDownloads: readonly FreeDownload[] = [
  item('Starter Theme', 'starter-theme', true),
  item('Addons Lite', 'addons-lite'),
  item('Documentation Lite', 'documentation-lite'),
  item('Notification Bar', 'notification-bar'),
  item('Embed Lite', 'embed-lite'),
  item('Link Checker', 'link-checker'),
  item('Scheduling Lite', 'scheduling-lite'),
  item('Blocks Lite', 'blocks-lite'),
  item('Payment Buttons', 'payment-buttons'),
  item('Contact Form Lite', 'contact-form-lite'),
  item('Social Share', 'social-share'),
  // A long name, as real catalogues have: the layouts (and the layout sweep) meet one on every Downloads page.
  item(
    'Maintenance Mode & Coming Soon Pages with Countdown Timer, Subscriber Capture and Scheduled Launch',
    'maintenance-mode',
  ),
];
