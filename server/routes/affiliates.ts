import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  AccountRegistrationRequestSchema,
  AffiliateInfoRequestSchema,
  AffiliateListQuerySchema,
  type AffiliateRegistrationRequest,
  AffiliateRegistrationRequestSchema,
  CreativeListQuerySchema,
  ReferralVisitRequestSchema,
  registrationMaxLength,
} from '../../shared/schemas/affiliates';
import { ruleMessages } from '../../shared/schemas/messages';
import { issueChallenge } from '../affiliates/captcha';
import {
  type AffiliateRow,
  affiliateOfUser,
  listCreatives,
  listPayouts,
  listReferrals,
  listVisits,
  toAffiliate,
} from '../affiliates/records';
import { referralOnRecord } from '../affiliates/referrals';
import { mailConfirmation, registerAffiliate, registrationErrors } from '../affiliates/registration';
import { recordVisit, visitAllowed } from '../affiliates/tracking';
import { requireUser } from '../auth/middleware';
import { holdsPaymentProof } from '../checkout/confirm';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { notFound } from '../http/errors';
import { consumeRateLimit } from '../http/rate-limit';
import { fieldMessages, readJson, readQuery } from '../http/validate';

/** Registrations per client address per hour (each also costs a solved captcha). */
const registrationsPerHour = 20;

function originOf(c: Context<AppEnv>): string {
  return c.get('deps').publicOrigin() ?? new URL(c.req.url).origin;
}

/** The caller's affiliate account when `affiliate_id` names it; any other id is 404, as if it did not exist. */
async function ownAffiliate(c: Context<AppEnv>, affiliateId: number): Promise<AffiliateRow> {
  const user = requireUser(c);
  const affiliate = await affiliateOfUser(c.get('deps').db, user.id);
  if (!affiliate || affiliate.id !== affiliateId) throw notFound();
  return affiliate;
}

const overLong = Object.entries(registrationMaxLength);

/** Reads the registration body; every field problem becomes validation_errors (spec §8). */
async function readRegistration(c: Context<AppEnv>): Promise<AffiliateRegistrationRequest> {
  const body = await readJson(c, v.unknown());
  const user = c.get('user');
  const result = user
    ? v.safeParse(AccountRegistrationRequestSchema, body)
    : v.safeParse(AffiliateRegistrationRequestSchema, body);
  if (!result.success) throw registrationErrors(fieldMessages(result.issues));
  // A signed-in user registers their own account: its user name and e-mail, whatever was sent.
  const form = user
    ? { ...result.output, affwp_user_login: user.username, affwp_user_email: user.email }
    : (result.output as AffiliateRegistrationRequest);
  const tooLong: Record<string, string> = {};
  for (const [field, max] of overLong) {
    if (form[field as keyof typeof registrationMaxLength].length > max) {
      tooLong[field] = ruleMessages.maxLength('This field', max);
    }
  }
  if (Object.keys(tooLong).length > 0) throw registrationErrors(tooLong);
  return form;
}

/** The affiliate calls of spec §7; see server/README.md for each answer. */
export function affiliateRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/affiliate', async (c) => {
    const user = requireUser(c);
    const affiliate = await affiliateOfUser(c.get('deps').db, user.id);
    return c.json({
      affiliate: affiliate
        ? toAffiliate(affiliate, originOf(c), c.get('deps').config.affiliateLandingPath)
        : null,
    });
  });

  routes.get('/affiliate-registration/captcha', async (c) => {
    return c.json(await issueChallenge(c.get('deps').db));
  });

  routes.post('/affiliate-registration', async (c) => {
    const { db, config, mailer } = c.get('deps');
    await consumeRateLimit(db, [
      {
        key: `affiliate-registration:ip:${clientIp(c, config.trustProxy)}`,
        limit: registrationsPerHour,
        windowSeconds: 3600,
      },
    ]);
    const form = await readRegistration(c);
    const registered = await registerAffiliate(db, form, c.get('user'));
    await mailConfirmation(mailer, originOf(c), registered);
    return c.json(
      {
        success: true,
        affiliate: toAffiliate(registered.affiliate, originOf(c), config.affiliateLandingPath),
      },
      201,
    );
  });

  routes.get('/visits', async (c) => {
    const query = readQuery(c, AffiliateListQuerySchema);
    const affiliate = await ownAffiliate(c, query.affiliate_id);
    return c.json(await listVisits(c.get('deps').db, affiliate.id, query));
  });

  routes.get('/referrals', async (c) => {
    const query = readQuery(c, AffiliateListQuerySchema);
    const affiliate = await ownAffiliate(c, query.affiliate_id);
    return c.json(await listReferrals(c.get('deps').db, affiliate.id, query));
  });

  routes.get('/payouts', async (c) => {
    const query = readQuery(c, AffiliateListQuerySchema);
    const affiliate = await ownAffiliate(c, query.affiliate_id);
    return c.json(await listPayouts(c.get('deps').db, affiliate.id, query));
  });

  routes.get('/creatives', async (c) => {
    const query = readQuery(c, CreativeListQuerySchema);
    await ownAffiliate(c, query.affiliate_id);
    return c.json(await listCreatives(c.get('deps').db, originOf(c), query));
  });

  routes.post('/referral-visits', async (c) => {
    const { db, config } = c.get('deps');
    const input = await readJson(c, ReferralVisitRequestSchema);
    const visit = (await visitAllowed(db, clientIp(c, config.trustProxy)))
      ? await recordVisit(db, input)
      : null;
    return c.json({
      recorded: visit !== null,
      affiliate_id: visit?.affiliateId ?? null,
      visit_id: visit?.visitId ?? null,
      campaign: visit?.campaign ?? '',
    });
  });

  routes.post('/affiliate-info', async (c) => {
    const info = await readJson(c, AffiliateInfoRequestSchema);
    const { db } = c.get('deps');
    const user = c.get('user');
    // A guest has no session: the payment's own proof (as /confirmation takes it) stands in for one.
    const holdsProof = await holdsPaymentProof(db, info.payment_id, info, {
      user,
      cartToken: c.req.header('X-Cart-Token') ?? null,
    });
    if (!holdsProof) requireUser(c);
    const recorded = await referralOnRecord(db, { user, holdsProof }, info.payment_id);
    return c.json({ recorded });
  });

  return routes;
}
