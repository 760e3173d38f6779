import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { cardFailures, requestFailures, successMessages, warningMessages } from '../api/messages';
import { safeHttpUrl } from '../api/safe-url';
import { type BillingAddress, billingAddressSchema } from '../schemas/forms/address';
import { fieldErrors } from '../schemas/forms/field-errors';
import {
  type PasswordChangeForm,
  type ProfileForm,
  passwordChangeSchema,
  profileFormSchema,
} from '../schemas/forms/profile';
import {
  AddCardResponseSchema,
  CardListResponseSchema,
  type Profile,
  ProfileSchema,
  ProfileUpdatedSchema,
  type ProfileUpdateType,
} from '../schemas/profile';
import { type Reauth, ReauthCodeSentSchema } from '../schemas/reauth';
import { reauthMessages } from '../schemas/reauth-messages';
import type { LoadState } from './load-state';
import { session } from './session';
import { showToast } from './toasts';

export type CardAction = { kind: 'add' } | { kind: 'default' | 'remove'; id: string };

export interface ProfileState {
  state: LoadState;
  profile: Profile | null;
  error: string | null;
  /** A new e-mail address waiting for the link mailed to it. */
  pendingEmail: string | null;
  /** The form being saved. */
  saving: ProfileUpdateType | null;
  /** Messages under the fields of each form: the spec §5 rules, or the server's. */
  errors: Record<ProfileUpdateType, Record<string, string>>;
  /** The card call in flight: one at a time. */
  card: CardAction | null;
}

const noErrors = { profile: {}, address: {}, password: {} };

export type ProfileStore = ReturnType<typeof createProfileStore>;

/**
 * The signed-in user's profile (spec §2 Profile, §4 Cards, §5, §7 Profile and cards): load, the three
 * `POST /profile` forms checked with the spec's rules before anything is sent, the e-mail
 * confirmation, and the saved cards. The session's user follows every change (the header's name).
 */
export function createProfileStore(api: ApiClient) {
  const $profile = map<ProfileState>({
    state: 'idle',
    profile: null,
    error: null,
    pendingEmail: null,
    saving: null,
    errors: noErrors,
    card: null,
  });
  let loading: Promise<void> | null = null;
  const patch = (values: Partial<ProfileState>) => $profile.set({ ...$profile.get(), ...values });

  function accept(profile: Profile): void {
    patch({ profile });
    session.setUser(profile);
  }

  function reload(): Promise<void> {
    loading ??= (async () => {
      patch({ state: 'loading', error: null });
      try {
        const { data } = await api.get('/profile', ProfileSchema);
        accept(data);
        patch({ state: 'ready' });
      } catch (error) {
        patch({ state: 'error', error: loadFailureText(error) });
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  /** Sends one form; the server's field messages land under the fields, anything else in a toast. */
  async function save(type: ProfileUpdateType, body: Record<string, unknown>): Promise<boolean> {
    if ($profile.get().saving) return false;
    patch({ saving: type, errors: { ...$profile.get().errors, [type]: {} } });
    try {
      const { data } = await api.post('/profile', ProfileUpdatedSchema, { type, ...body });
      accept(data.profile);
      patch({ saving: null, pendingEmail: data.pending_email });
      showToast({ kind: 'success', message: successMessages.profileUpdated });
      return true;
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      if (Object.keys(fields).length === 0) showToast({ kind: 'error', message: loadFailureText(error) });
      patch({ saving: null, errors: { ...$profile.get().errors, [type]: { ...fields } } });
      return false;
    }
  }

  /** Checks a form first: with a rule broken, its messages show and nothing is sent. */
  function checked(type: ProfileUpdateType, errors: Record<string, string>): boolean {
    if (Object.keys(errors).length === 0) return true;
    patch({ errors: { ...$profile.get().errors, [type]: errors } });
    return false;
  }

  /** The card calls: one at a time, the cards replaced by the server's list. */
  async function cardCall(
    action: CardAction & { kind: 'default' | 'remove' },
    failure: (reason: string) => string,
  ): Promise<boolean> {
    if ($profile.get().card) return false;
    patch({ card: action });
    try {
      const path = action.kind === 'default' ? '/profile/set-card-default' : '/profile/remove-card';
      const { data } = await api.post(path, CardListResponseSchema, { payment_method: action.id });
      const profile = $profile.get().profile;
      patch({ card: null, profile: profile ? { ...profile, cards: data.cards } : profile });
      return true;
    } catch (error) {
      patch({ card: null });
      showToast({ kind: 'error', message: failure(loadFailureText(error)) });
      return false;
    }
  }

  return {
    $profile,
    /** Loads once; later calls while loaded or loading do nothing. */
    load: () => ($profile.get().state === 'idle' ? reload() : (loading ?? Promise.resolve())),
    reload,

    /** Clears a field's message as it is edited. */
    clearError(type: ProfileUpdateType, field: string): void {
      const errors = $profile.get().errors;
      if (!(field in errors[type])) return;
      const { [field]: _, ...rest } = errors[type];
      patch({ errors: { ...errors, [type]: rest } });
    },

    /** A new e-mail address carries the current password (and code): the server refuses it without. */
    saveProfile(form: ProfileForm, proof: Reauth = { current_password: '', code: '' }): Promise<boolean> {
      const errors = fieldErrors(profileFormSchema, form);
      const changesEmail = form.email.trim().toLowerCase() !== $profile.get().profile?.email.toLowerCase();
      if (changesEmail && proof.current_password === '')
        errors.current_password = reauthMessages.passwordEmpty;
      if (!checked('profile', errors)) return Promise.resolve(false);
      return save('profile', changesEmail ? { ...form, ...proof } : { ...form });
    },

    /** `countryHasStates`: from the geo store; unknown (still loading) checks no state here. */
    saveAddress(form: BillingAddress, countryHasStates: boolean | null): Promise<boolean> {
      const schema = billingAddressSchema({ countryHasStates: countryHasStates === true });
      if (!checked('address', fieldErrors(schema, form))) return Promise.resolve(false);
      return save('address', { ...form });
    },

    changePassword(form: PasswordChangeForm): Promise<boolean> {
      if (!checked('password', fieldErrors(passwordChangeSchema, form))) return Promise.resolve(false);
      return save('password', { ...form });
    },

    /** The key of the mailed link (`?action=confirm_email&key=…`). */
    async confirmEmail(key: string): Promise<void> {
      try {
        const { data } = await api.post('/profile/confirm-email', ProfileUpdatedSchema, { key });
        accept(data.profile);
        patch({ pendingEmail: null });
        showToast({ kind: 'success', message: successMessages.profileUpdated });
      } catch (error) {
        showToast({ kind: 'error', message: loadFailureText(error) });
      }
    },

    /** `POST /profile/add-card`: the gateway's card page to go to, or null (the toast says why). */
    async addCard(): Promise<string | null> {
      if ($profile.get().card) return null;
      patch({ card: { kind: 'add' } });
      try {
        const { data } = await api.post('/profile/add-card', AddCardResponseSchema, {});
        const url = safeHttpUrl(data.url);
        if (!url) throw new Error(requestFailures.default);
        // The card stays "in flight" while the browser leaves for the gateway.
        return url;
      } catch (error) {
        patch({ card: null });
        showToast({ kind: 'error', message: cardFailures.addCardFailed(loadFailureText(error)) });
        return null;
      }
    },

    setDefaultCard: (id: string) => cardCall({ kind: 'default', id }, cardFailures.setDefaultCardFailed),

    /** Never the default card (a warning says so) and never the only one. */
    removeCard(id: string): Promise<boolean> {
      const cards = $profile.get().profile?.cards ?? [];
      const card = cards.find((c) => c.source.id === id);
      if (card?.default) {
        showToast({ kind: 'warning', message: warningMessages.cannotRemoveDefaultCard });
        return Promise.resolve(false);
      }
      if (cards.length <= 1) return Promise.resolve(false);
      return cardCall({ kind: 'remove', id }, cardFailures.removeCardFailed);
    },

    /** `POST /reauth-code`: mails a code to confirm a sensitive change (accounts with e-mail codes). */
    async sendReauthCode(): Promise<void> {
      try {
        const { data } = await api.post('/reauth-code', ReauthCodeSentSchema, {});
        showToast({ kind: 'success', message: `We have sent a code to ${data.hidden_email}.` });
      } catch (error) {
        showToast({ kind: 'error', message: loadFailureText(error) });
      }
    },

    /** The 2FA methods changed in the profile's security tab. */
    setTwoFactor(twoFA: Profile['twoFA']): void {
      const profile = $profile.get().profile;
      if (profile) accept({ ...profile, twoFA });
    },
  };
}

const stores = new Map<string, ProfileStore>();

/** One profile store per API on a page. */
export function profileStoreFor(api: ApiClient): ProfileStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createProfileStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
