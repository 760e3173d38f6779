export {
  type AcquisitionMethod,
  acquisitionLabels,
  acquisitionMethods,
  acquisitionOptions,
  defaultAcquisitionForSignedIn,
} from './acquisition';
export { cartRenewals } from './cart-renewals';
export {
  checkoutTrustTexts,
  defaultGateway,
  defaultPriceId,
  type Gateway,
  gatewayForCart,
  gateways,
  isAddressRequired,
  moneyBackGuarantee,
} from './checkout';
export { aiChatbotAddon, aiChatbotHostDownloadId, aiChatbotPriceIds, anotherLifetimeProduct } from './extras';
export { freeDownloads } from './free-downloads';
export { freeMonths } from './free-months';
export { fieldLimits } from './limits';
export { vendorLinks } from './links';
export { allProducts, findProduct, findTier } from './lookup';
export { paging } from './paging';
export { monthlyPrice, tierPerMonth } from './pricing';
export { downloadIds } from './product-ids';
export { agencyBundle, catalogueProducts } from './products';
export {
  cartSplitSchedule,
  type SplitPlan,
  splitInstalment,
  splitPaymentProduct,
  splitPlans,
} from './split-payment';
export { type StorageKey, storageKeys } from './storage';
export { timings } from './timings';
export {
  type TwoFactorLevel,
  type TwoFactorMethod,
  toTwoFactorLevel,
  twoFactorLevels,
  twoFactorMethods,
} from './two-factor';
export type { BillingPeriod, CatalogueProduct, FreeDownload, PriceTier, ProductKind } from './types';
export {
  addonsLifetimeUpsellPrice,
  agencyBundleValues,
  type UpsellOffer,
  type UpsellOffers,
  upsellCoupons,
  upsellMap,
  upsellsFor,
} from './upsells';
