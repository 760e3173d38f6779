import { map } from 'nanostores';
import type * as v from 'valibot';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { affiliateFailures, requestFailures, successMessages } from '../api/messages';
import { captchaToken, solveCaptcha } from '../captcha/solve';
import { paging } from '../catalogue/paging';
import {
  type Affiliate,
  AffiliateRegistrationResponseSchema,
  AffiliateResponseSchema,
  accountRegistrationSchema,
  CAPTCHA_FIELD,
  CaptchaChallengeSchema,
  type Creative,
  CreativeListSchema,
  type Payout,
  PayoutListSchema,
  type Referral,
  ReferralListSchema,
  type Visit,
  VisitListSchema,
} from '../schemas/affiliates';
import { errorCode } from '../schemas/error';
import { affiliateRegistrationSchema } from '../schemas/forms/affiliate';
import { fieldErrors } from '../schemas/forms/field-errors';
import { affiliateMessages } from '../schemas/messages';
import { loadSessionUser } from './account';
import type { LoadState } from './load-state';
import { session as pageSession, type SessionStore } from './session';

export interface AffiliateProfileState {
  state: LoadState;
  affiliate: Affiliate | null;
  error: string | null;
}

interface ListRows {
  visits: Visit;
  referrals: Referral;
  payouts: Payout;
}
export type AffiliateListKind = keyof ListRows;

export interface AffiliateListState<Row> {
  state: LoadState;
  rows: Row[];
  total: number;
  /** 1-based; each page holds 20 rows (spec §9). */
  page: number;
  error: string | null;
}

export interface CreativesState {
  state: LoadState;
  creatives: Creative[];
  error: string | null;
}

/** Registration steps: the captcha is solved after the form passes, right before sending (spec §5). */
export type RegistrationStep = 'idle' | 'solving' | 'sending' | 'done';

export interface RegistrationState {
  step: RegistrationStep;
  /** Per-field messages: spec §5 rules, then the server's (captcha under `captcha_token`). */
  errors: Record<string, string>;
  /** 'Validation error, please check inputs', the success text, or another failure's message. */
  message: string | null;
}

export type RegistrationInput = Record<keyof v.InferInput<typeof affiliateRegistrationSchema>, unknown>;

const listSchemas = { visits: VisitListSchema, referrals: ReferralListSchema, payouts: PayoutListSchema };
const listFailures: Record<AffiliateListKind, string> = {
  visits: affiliateFailures.visitsFailed,
  referrals: affiliateFailures.referralsFailed,
  payouts: affiliateFailures.payoutsFailed,
};

const emptyList = () => ({ state: 'idle' as LoadState, rows: [], total: 0, page: 1, error: null });

export type AffiliateStore = ReturnType<typeof createAffiliateStore>;

/**
 * The affiliate area of one API (spec §2 Affiliate, §7 affiliate calls): the caller's affiliate record,
 * the three paged lists, the creatives, and registration with the proof-of-work captcha. Each load
 * sends one request however often it is asked while in flight; everything is forgotten on sign-out.
 */
export function createAffiliateStore(
  api: ApiClient,
  options: { session?: SessionStore; solve?: typeof solveCaptcha } = {},
) {
  const session = options.session ?? pageSession;
  const solve = options.solve ?? solveCaptcha;
  const $profile = map<AffiliateProfileState>({ state: 'idle', affiliate: null, error: null });
  const $lists = {
    visits: map<AffiliateListState<Visit>>(emptyList()),
    referrals: map<AffiliateListState<Referral>>(emptyList()),
    payouts: map<AffiliateListState<Payout>>(emptyList()),
  };
  const $creatives = map<CreativesState>({ state: 'idle', creatives: [], error: null });
  const $registration = map<RegistrationState>({ step: 'idle', errors: {}, message: null });

  let profileRequest: Promise<void> | null = null;
  const pageRequests = new Map<string, Promise<void>>();

  /** The affiliate profile: once, or again when `force`d (Try again, after registering). */
  function loadProfile(force = false): Promise<void> {
    if (profileRequest) return profileRequest;
    if (!force && $profile.get().state !== 'idle') return Promise.resolve();
    $profile.set({ ...$profile.get(), state: 'loading', error: null });
    profileRequest = api
      .post('/affiliate', AffiliateResponseSchema)
      .then(({ data }) => $profile.set({ state: 'ready', affiliate: data.affiliate, error: null }))
      .catch((error: unknown) =>
        $profile.set({ ...$profile.get(), state: 'error', error: loadFailureText(error) }),
      )
      .finally(() => {
        profileRequest = null;
      });
    return profileRequest;
  }

  function loadPage<K extends AffiliateListKind>(kind: K, page: number): Promise<void> {
    const affiliate = $profile.get().affiliate;
    if (!affiliate) return Promise.resolve();
    const key = `${kind}:${page}`;
    const inFlight = pageRequests.get(key);
    if (inFlight) return inFlight;
    const $list = $lists[kind] as unknown as ReturnType<typeof map<AffiliateListState<ListRows[K]>>>;
    $list.set({ ...$list.get(), state: 'loading', page, error: null });
    const request = api
      .get(`/${kind}`, listSchemas[kind], {
        affiliate_id: affiliate.id,
        number: paging.affiliateLists,
        offset: (page - 1) * paging.affiliateLists,
        order: 'desc',
      })
      .then(({ data }) => {
        // A later page asked meanwhile wins: only the page still wanted is shown.
        if ($list.get().page !== page) return;
        $list.set({ state: 'ready', rows: data.data as ListRows[K][], total: data.total, page, error: null });
      })
      .catch((error: unknown) => {
        if ($list.get().page === page)
          $list.set({ ...$list.get(), state: 'error', error: loadFailureText(error, listFailures[kind]) });
      })
      .finally(() => pageRequests.delete(key));
    pageRequests.set(key, request);
    return request;
  }

  function loadList(kind: AffiliateListKind): Promise<void> {
    const list = $lists[kind].get();
    return list.state === 'idle' ? loadPage(kind, 1) : Promise.resolve();
  }

  let creativesRequest: Promise<void> | null = null;
  /** The creatives: once, or again when `force`d (Try again). */
  function loadCreatives(force = false): Promise<void> {
    const affiliate = $profile.get().affiliate;
    if (!affiliate || creativesRequest || (!force && $creatives.get().state !== 'idle'))
      return creativesRequest ?? Promise.resolve();
    $creatives.set({ ...$creatives.get(), state: 'loading', error: null });
    creativesRequest = api
      .get('/creatives', CreativeListSchema, {
        affiliate_id: affiliate.id,
        number: paging.creatives,
        offset: 0,
        status: 'active',
      })
      .then(({ data }) => $creatives.set({ state: 'ready', creatives: data.data, error: null }))
      .catch((error: unknown) =>
        $creatives.set({
          state: 'error',
          creatives: [],
          error: loadFailureText(error, affiliateFailures.creativesFailed),
        }),
      )
      .finally(() => {
        creativesRequest = null;
      });
    return creativesRequest;
  }

  /**
   * Field messages of spec §5 for the form as it stands. Signed in, the account's user name and e-mail
   * are used, so those two fields are neither shown nor checked.
   */
  function validate(input: RegistrationInput): Record<string, string> {
    const schema = session.$token.get() ? accountRegistrationSchema : affiliateRegistrationSchema;
    return fieldErrors(schema, input);
  }

  let registering = false;
  /** The affiliate the last successful registration created (for the view's event). */
  let registered: Affiliate | null = null;
  /**
   * Checks the form, solves a fresh captcha, sends it. Success: the thanks message, the profile reloads
   * (spec §4) and `true` so the view resets the form. A second submit while one runs is ignored.
   */
  async function register(input: RegistrationInput): Promise<boolean> {
    if (registering) return false;
    const errors = validate(input);
    if (Object.keys(errors).length > 0) {
      $registration.set({ step: 'idle', errors, message: null });
      return false;
    }
    registering = true;
    $registration.set({ step: 'solving', errors: {}, message: null });
    try {
      const { data: challenge } = await api.get('/affiliate-registration/captcha', CaptchaChallengeSchema);
      const token = captchaToken(challenge, await solve(challenge));
      $registration.set({ step: 'sending', errors: {}, message: null });
      // Signed in, the account's user name and e-mail are used: the form does not send them.
      const { affwp_user_login: _login, affwp_user_email: _email, ...own } = input;
      const fields = session.$token.get() ? own : input;
      const { data } = await api.post('/affiliate-registration', AffiliateRegistrationResponseSchema, {
        ...fields,
        [CAPTCHA_FIELD]: token,
      });
      registered = data.affiliate;
      $registration.set({ step: 'done', errors: {}, message: successMessages.affiliateRegistered });
      // spec §4: success reloads the profile (has_affiliates) and the affiliate record.
      if (session.$token.get()) {
        void loadProfile(true);
        void loadSessionUser(api);
      }
      return true;
    } catch (error) {
      if (
        isApiError(error) &&
        (error.code === errorCode.validationErrors || error.code === errorCode.validationError)
      ) {
        $registration.set({
          step: 'idle',
          errors: { ...error.fields },
          message: affiliateMessages.validationErrors,
        });
      } else {
        $registration.set({
          step: 'idle',
          errors: {},
          message: isApiError(error) ? error.message : requestFailures.default,
        });
      }
      return false;
    } finally {
      registering = false;
    }
  }

  function clearFieldError(field: string): void {
    const current = $registration.get();
    if (!(field in current.errors)) return;
    const { [field]: _cleared, ...rest } = current.errors;
    $registration.set({ ...current, errors: rest });
  }

  function reset(): void {
    $profile.set({ state: 'idle', affiliate: null, error: null });
    for (const $list of Object.values($lists)) $list.set(emptyList());
    $creatives.set({ state: 'idle', creatives: [], error: null });
    $registration.set({ step: 'idle', errors: {}, message: null });
  }

  // Another account's data must never show after a sign-out on this page.
  session.$token.listen((token) => {
    if (!token) reset();
  });

  return {
    $profile,
    $lists,
    $creatives,
    $registration,
    loadProfile,
    loadPage,
    loadList,
    loadCreatives,
    validate,
    register,
    lastRegistered: (): Affiliate | null => registered,
    clearFieldError,
  };
}

const stores = new Map<string, AffiliateStore>();

/** One affiliate store per API on a page, so two affiliate elements share their requests. */
export function affiliateStoreFor(api: ApiClient): AffiliateStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createAffiliateStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
