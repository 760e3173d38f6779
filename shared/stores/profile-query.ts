import { cardFailures, successMessages } from '../api/messages';
import type { ToastKind } from './toasts';

export const profileTabs = ['profile', 'billing', 'security'] as const;
export type ProfileTab = (typeof profileTabs)[number];

export interface ProfileQuery {
  /** The tab the query opens, if it names one. */
  tab: ProfileTab | null;
  /** The toast of a return from the card page (spec §2 Profile). */
  toast: { kind: ToastKind; message: string } | null;
  /** The key of a mailed e-mail confirmation link. */
  confirmEmailKey: string | null;
  /** The page's query without what was read once (so a reload repeats nothing). */
  rest: string;
}

export function toProfileTab(value: string | null | undefined): ProfileTab | null {
  return profileTabs.find((tab) => tab === value) ?? null;
}

/**
 * Reads the profile page's query: `action=add_card` opens the billing tab with 'Added card
 * successfully.', or with `failed=true` 'Failed to add card.'; `action=confirm_email&key=…` confirms a
 * new e-mail address; `tab=` opens a tab.
 */
export function readProfileQuery(search: string): ProfileQuery {
  const query = new URLSearchParams(search);
  const action = query.get('action');
  const result: ProfileQuery = {
    tab: toProfileTab(query.get('tab')),
    toast: null,
    confirmEmailKey: null,
    rest: '',
  };
  if (action === 'add_card') {
    result.tab = 'billing';
    result.toast =
      query.get('failed') === 'true'
        ? { kind: 'error', message: cardFailures.addCardReturnFailed }
        : { kind: 'success', message: successMessages.cardAdded };
  } else if (action === 'confirm_email') {
    result.confirmEmailKey = query.get('key');
  }
  for (const name of ['action', 'failed', 'key']) query.delete(name);
  const rest = query.toString();
  result.rest = rest ? `?${rest}` : '';
  return result;
}
