import { map } from 'nanostores';
import { type ApiError, isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { checkoutFailures } from '../api/messages';
import { aiChatbotPriceIds } from '../catalogue/extras';
import { downloadIds } from '../catalogue/product-ids';
import { splitPaymentProduct } from '../catalogue/split-payment';
import type { UpsellOffer } from '../catalogue/upsells';
import {
  type AddToCartInput,
  type Cart,
  CartSchema,
  type CouponForm,
  type CouponResponse,
  CouponResponseSchema,
} from '../schemas/cart';
import { errorCode } from '../schemas/error';
import { checkoutMessages } from '../schemas/messages';
import { type CartStorage, createCartStorage, type OldCart } from './cart-storage';
import type { CheckoutDraft } from './checkout-draft';
import { forgetCheckoutDraft } from './checkout-draft-key';
import type { CheckoutIntent } from './checkout-query';
import { savedProducts, snapshotCart, upsellRequest } from './upsell-cart';

/**
 * The cart's states of spec §4, as one string: `loading` (first load: the skeleton page), `renewing`
 * (a renewal link is being added: skeleton too), `separate-loading` (a change to a cart on screen),
 * `coupon-processing`, `processing-checkout` (part 2's submit), then `ready` or `error`.
 */
export type CartStatus =
  | 'idle'
  | 'loading'
  | 'renewing'
  | 'separate-loading'
  | 'coupon-processing'
  | 'processing-checkout'
  | 'ready'
  | 'error';

export interface PromoState {
  code: string;
  /** Applied: the box is locked and shows APPLIED. */
  applied: boolean;
  /** 'Please insert coupon code' or the server's `msg` for a coupon it refused. */
  message: string | null;
}

export interface CartState {
  status: CartStatus;
  cart: Cart | null;
  /** 'Failed to retrieve your cart information, please try again' (or another failure to show). */
  error: string | null;
  promo: PromoState;
  /** The cart saved in old_cart while the upsell is ticked. */
  oldCart: OldCart | null;
  /**
   * Why the page's link added nothing (a renewal link with an unknown key, a direct add of an unknown
   * product): the server's message, shown above the cart until the cart next changes.
   */
  notice: string | null;
}

export type CartStore = ReturnType<typeof createCartStore>;

const busyStatuses: readonly CartStatus[] = [
  'loading',
  'renewing',
  'separate-loading',
  'coupon-processing',
  'processing-checkout',
];

/**
 * The cart of one API (spec §4 Cart): every change goes to the server, which prices it. `draft` is the
 * billing form kept for the gateway's Cancel, forgotten with an empty cart.
 */
export function createCartStore(
  api: ApiClient,
  storage: CartStorage = createCartStorage(),
  draft: Pick<CheckoutDraft, 'clear'> = { clear: () => forgetCheckoutDraft() },
) {
  const $cart = map<CartState>({
    status: 'idle',
    cart: null,
    error: null,
    promo: { code: '', applied: false, message: null },
    oldCart: storage.oldCart(),
    notice: null,
  });

  const isBusy = () => busyStatuses.includes($cart.get().status);
  // The billing form lives in the payment column, a chunk of its own: it lends the coupon call its values.
  let billingForm: (() => CouponForm) | null = null;
  const headers = (): Record<string, string> => {
    const token = storage.token();
    return token ? { 'X-Cart-Token': token } : {};
  };

  /** Takes a cart from the server: keeps its token, syncs the promo box, clears old_cart when empty. */
  function accept(cart: Cart): void {
    storage.setToken(cart.cart_token);
    const code = cart.discounts[0];
    const promo: PromoState = code
      ? { code, applied: true, message: null }
      : { ...$cart.get().promo, applied: false };
    // Spec §4: old_cart is cleared on the empty-cart page; with nothing left to buy, so is the draft.
    if (cart.details.length === 0) {
      storage.clearOldCart();
      draft.clear();
    }
    $cart.set({ status: 'ready', cart, error: null, promo, oldCart: storage.oldCart(), notice: null });
  }

  /** The server answered and said no (4xx): asking again would get the same answer. */
  const isRefusal = (error: unknown): error is ApiError =>
    isApiError(error) && error.httpStatus >= 400 && error.httpStatus < 500;

  /**
   * What a failed change says: a refusal the server's reason; any other failure spec §8's text for a
   * 500, else the cart's own failure text.
   */
  const reason = (error: unknown): string =>
    isRefusal(error) ? error.message : loadFailureText(error, checkoutFailures.cartFailed);

  function fail(error: unknown): void {
    const cart = $cart.get().cart;
    const message = reason(error);
    // With a cart on screen a failed change keeps it and says why; without one, the page fails.
    $cart.set({
      ...$cart.get(),
      status: cart ? 'ready' : 'error',
      error: cart ? message : loadFailureText(error, checkoutFailures.cartFailed),
    });
  }

  async function post(path: string, body: Record<string, unknown>): Promise<Cart> {
    const { data } = await api.request('POST', path, CartSchema, { body, headers: headers() });
    return data;
  }

  /** One change at a time: a click while another change is in flight is ignored, never sent twice. */
  async function change(body: AddToCartInput, status: CartStatus = 'separate-loading'): Promise<boolean> {
    if (isBusy()) return false;
    $cart.setKey('status', status);
    $cart.setKey('error', null);
    try {
      accept(await post('/add-to-cart', body as Record<string, unknown>));
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }

  /** The element's own product (a CMS page selling one product), kept for Try again. */
  let ownProduct: { downloadId: number; priceId: number } | undefined;

  /**
   * The cart, with the element's own product added when missing. A refused add (an unknown product)
   * still shows the cart, with the server's reason as the notice.
   */
  async function load(notice: string | null = null): Promise<void> {
    try {
      let { data } = await api.request('GET', '/cart', CartSchema, { headers: headers() });
      // Added only when missing, so a reload keeps the tier the buyer chose.
      if (ownProduct && !data.details.some((d) => d.id === ownProduct?.downloadId)) {
        storage.setToken(data.cart_token);
        try {
          data = await post('/add-to-cart', {
            download_id: ownProduct.downloadId,
            price_id: ownProduct.priceId,
          });
        } catch (error) {
          // A refusal (an unknown product) is said above the cart; a failure of the server fails the
          // load, with Try again.
          if (!isRefusal(error)) throw error;
          notice ??= reason(error);
        }
      }
      accept(data);
      $cart.setKey('notice', notice);
    } catch (error) {
      fail(error);
    }
  }

  /** The request a /checkout query or the element's attributes stand for. */
  function intentRequest(intent: CheckoutIntent): Promise<Cart> {
    if (intent.kind === 'recover') {
      return post('/recapture/regenerate-cart', { contents: intent.contents, racart: intent.racart });
    }
    if (intent.kind === 'renew' || intent.kind === 'upgrade') {
      return post('/add-to-cart', {
        action: intent.kind,
        license: intent.license,
        download_id: intent.downloadId,
        price_id: intent.priceId,
      });
    }
    return post('/add-to-cart', { download_id: intent.downloadId, price_id: intent.priceId });
  }

  /** The link's request that failed for want of a server (not refused): Try again sends it again. */
  let failedIntent: CheckoutIntent | null = null;

  /**
   * The first load: whatever the query asks (a renewal shows 'renewing'), else the cart. A refused
   * request (a stale renewal link, an unknown product) still shows the cart, with the server's reason;
   * a failed one fails the load, so Try again can send it again rather than lose what the link held.
   */
  async function open(intent: CheckoutIntent | null): Promise<void> {
    $cart.setKey('status', intent?.kind === 'renew' ? 'renewing' : 'loading');
    let notice: string | null = null;
    if (intent) {
      try {
        accept(await intentRequest(intent));
        return;
      } catch (error) {
        if (!isRefusal(error)) {
          failedIntent = intent;
          fail(error);
          return;
        }
        notice = reason(error);
      }
    }
    await load(notice);
  }

  const currentCode = () => $cart.get().cart?.discounts[0];
  const lineIndex = (downloadId: number) =>
    $cart.get().cart?.details.findIndex((d) => d.id === downloadId && !d.options.is_renewal) ?? -1;

  function setPromo(promo: Partial<PromoState>): void {
    $cart.setKey('promo', { ...$cart.get().promo, ...promo });
  }

  return {
    $cart,

    /** Loads the cart once (`open`), with the element's own product added when missing. */
    async start(
      intent: CheckoutIntent | null,
      product?: { downloadId: number; priceId: number },
    ): Promise<void> {
      if ($cart.get().status !== 'idle') return;
      ownProduct = product;
      await open(intent);
    },

    /** Tries the first load again after a failure, with the link's request if that is what failed. */
    retry(): Promise<void> {
      const intent = failedIntent;
      failedIntent = null;
      return open(intent);
    },

    addProduct: (downloadId: number, priceId: number) =>
      change({ download_id: downloadId, price_id: priceId }),
    /** Switches the price id of a product already in the cart. */
    updateProduct: (downloadId: number, priceId: number) =>
      change({ download_id: downloadId, price_id: priceId, action: 'update' }),
    removeLine: (index: number) => change({ action: 'remove', index }),

    /** The AI chatbot add-on checkbox (spec §4): adds it at the chosen period, or removes it. */
    setAiAddon(on: boolean, yearly: boolean): Promise<boolean> {
      const index = lineIndex(downloadIds.aiChatbot);
      if (!on) return index >= 0 ? change({ action: 'remove', index }) : Promise.resolve(true);
      const priceId = yearly ? aiChatbotPriceIds.yearly : aiChatbotPriceIds.monthly;
      return change({
        download_id: downloadIds.aiChatbot,
        price_id: priceId,
        action: index >= 0 ? 'update' : 'add',
      });
    },

    /** Split payment (spec §4): a plan's price id re-adds the bundle with the coupon; null reverts. */
    setSplit(priceId: number | null): Promise<boolean> {
      const coupon = currentCode();
      return change({
        download_id: splitPaymentProduct.downloadId,
        price_id: priceId ?? splitPaymentProduct.priceId,
        splitPayment: priceId !== null,
        ...(coupon ? { coupon } : {}),
      });
    },

    /** Ticking an upsell offer saves the cart to old_cart, then sends the offer with its coupon. */
    async tickUpsell(offer: UpsellOffer): Promise<boolean> {
      const cart = $cart.get().cart;
      if (!cart || isBusy()) return false;
      const saved = snapshotCart(cart);
      storage.saveOldCart(saved);
      // The box shows ticked at once, not only when the server answers.
      $cart.setKey('oldCart', saved);
      const done = await change(upsellRequest(saved, offer));
      if (!done) storage.clearOldCart();
      $cart.setKey('oldCart', storage.oldCart());
      return done;
    },

    /** Unticking restores the saved cart, its coupon and licence key, then clears old_cart. */
    async untickUpsell(): Promise<boolean> {
      const saved = storage.oldCart();
      if (!saved || isBusy()) return false;
      const done = await change({
        products: savedProducts(saved),
        ...(saved.coupon ? { coupon: saved.coupon } : {}),
        action: 'replace',
      });
      if (done) {
        storage.clearOldCart();
        $cart.setKey('oldCart', null);
      }
      return done;
    },

    /**
     * The billing form the coupon call sends as `form` (spec §7), attached by the payment column while
     * it is on the page. Returns the detach function.
     */
    attachBillingForm(read: () => CouponForm): () => void {
      billingForm = read;
      return () => {
        if (billingForm === read) billingForm = null;
      };
    },

    setPromoCode(code: string): void {
      setPromo({ code, message: null });
    },

    /** A purchase refused over the cart's coupon (used up, expired since): the box shows why. */
    couponRefused(message: string): void {
      setPromo({ message });
    },

    /**
     * Applies the promo code: trimmed, 'Please insert coupon code' when empty. An
     * `internal_server_error` on this call is ignored silently (spec §8). A valid 100 % coupon on a
     * split bundle reverts it to the non-split price (spec §4). Resolves to the answer when valid.
     */
    async applyCoupon(): Promise<CouponResponse | null> {
      if (isBusy()) return null;
      // Spec §5: the code is trimmed and an empty one is refused. (The form schema's couponCodeSchema
      // says the same; importing it would ship the whole billing form schema with part 1.)
      const code = $cart.get().promo.code.trim();
      if (!code) {
        setPromo({ message: checkoutMessages.couponEmpty });
        return null;
      }
      $cart.setKey('status', 'coupon-processing');
      try {
        const { data } = await api.request('POST', '/coupon', CouponResponseSchema, {
          body: { code, type: 'apply', form: billingForm?.() ?? {} },
          headers: headers(),
        });
        accept(data.cart);
        if (!data.is_valid) {
          setPromo({ code, message: data.msg });
          return null;
        }
        const split = data.cart.details.some(
          (d) => d.id === splitPaymentProduct.downloadId && d.options.recurring?.period === 'month',
        );
        if (split && data.type === 'percent' && data.amount >= 100) {
          await change({
            download_id: splitPaymentProduct.downloadId,
            price_id: splitPaymentProduct.priceId,
            coupon: data.code,
          });
        }
        return data;
      } catch (error) {
        $cart.setKey('status', 'ready');
        if (!(isApiError(error) && error.code === errorCode.internalServerError)) {
          setPromo({ message: isApiError(error) ? error.message : checkoutFailures.cartFailed });
        }
        return null;
      }
    },

    /** The close icon: sends a remove request and clears the code. */
    async removeCoupon(): Promise<void> {
      const code = currentCode() ?? $cart.get().promo.code;
      if (isBusy() || !code) return;
      $cart.setKey('status', 'coupon-processing');
      try {
        const { data } = await api.request('POST', '/coupon', CouponResponseSchema, {
          body: { code, type: 'remove', form: billingForm?.() ?? {} },
          headers: headers(),
        });
        accept(data.cart);
        setPromo({ code: '', applied: false, message: null });
      } catch (error) {
        $cart.setKey('status', 'ready');
        if (!(isApiError(error) && error.code === errorCode.internalServerError)) {
          setPromo({ message: isApiError(error) ? error.message : checkoutFailures.cartFailed });
        }
      }
    },

    /** Spec §4: old_cart is also cleared on submit (part 2 calls this). */
    clearOldCart(): void {
      storage.clearOldCart();
      $cart.setKey('oldCart', null);
    },

    /** Part 2's submit: enters `processing checkout`; false while anything else is in flight. */
    beginCheckout(): boolean {
      if (isBusy() || !$cart.get().cart) return false;
      $cart.setKey('status', 'processing-checkout');
      return true;
    },

    /** Leaves `processing checkout` (spec §4: the flag resets when no checkout URL returns). */
    endCheckout(): void {
      if ($cart.get().status === 'processing-checkout') $cart.setKey('status', 'ready');
    },
  };
}

const stores = new Map<string, CartStore>();

/** One cart store per API on a page, so two checkout elements show (and change) one cart. */
export function cartStoreFor(api: ApiClient): CartStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createCartStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
