import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { pageReferralTracking, rootReferralLanding } from './affiliates/tracking';
import { sessionMiddleware } from './auth/middleware';
import { refuseSwitchedTakeover } from './auth/staff-guard';
import { twoFactorSignal } from './auth/two-factor-signal';
import { isDatabaseUnavailable } from './db/unavailable';
import type { AppDeps, AppEnv, RequestDeps } from './http/app-env';
import { backgroundTasks } from './http/background';
import { cors } from './http/cors';
import { callerDataError } from './http/database-errors';
import {
  HttpError,
  internalErrorBody,
  notFound,
  payloadTooLarge,
  sendError,
  serviceUnavailable,
} from './http/errors';
import { hostAllowList } from './http/host-allow-list';
import { serverHostNames } from './http/host-names';
import { isUnknownPageRequest } from './http/page-fallback';
import { securityHeaders } from './http/security-headers';
import { affiliateRoutes } from './routes/affiliates';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { cardSandboxRoutes } from './routes/card-sandbox';
import { cartRoutes } from './routes/cart';
import { checkoutRoutes } from './routes/checkout';
import { companyRoutes } from './routes/company';
import { devOutboxRoutes } from './routes/dev-outbox';
import { downloadRoutes } from './routes/downloads';
import { eddRoutes } from './routes/edd-sl';
import { geoRoutes } from './routes/geo';
import { healthRoutes } from './routes/health';
import { historyRoutes } from './routes/history';
import { invoiceRoutes } from './routes/invoices';
import { licenceApiRoutes } from './routes/licence-api';
import { licenceRoutes } from './routes/licences';
import { managerRoutes } from './routes/manager';
import { newsPageRoutes, wpPostsRoutes } from './routes/news';
import { passwordResetRoutes } from './routes/password-reset';
import { profileRoutes } from './routes/profile';
import { isReleaseUpload, releaseRoutes } from './routes/releases';
import { renewalPaymentPageRoutes } from './routes/renewal-payment-page';
import { reportRoutes } from './routes/reports';
import { sandboxPayRoutes } from './routes/sandbox-pay';
import { signOutEverywhereRoutes } from './routes/sign-out-everywhere';
import { staticRoutes } from './routes/static';
import { subscriptionRoutes } from './routes/subscriptions';
import { isTicketUpload, ticketRoutes } from './routes/tickets';
import { twoFactorRoutes } from './routes/two-factor';

export type { AppDeps } from './http/app-env';

const hasNoBody = (c: Context<AppEnv>) => c.req.method === 'GET' || c.req.method === 'HEAD';

/**
 * The whole HTTP application without a listening socket: tests call `app.request()` on it, main.ts
 * serves it. Every dependency comes in through `deps`.
 */
export function createApp(given: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const deps: RequestDeps = {
    ...given,
    background: given.background ?? backgroundTasks(given.logger),
    now: given.now ?? (() => new Date()),
  };
  const { config, logger } = deps;

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    // Path only: query strings may carry reset keys or download signatures.
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  // Before anything answers: a DNS-rebound name reaches nothing (the development outbox included).
  app.use('*', hostAllowList({ names: serverHostNames(config), publicOrigin: deps.publicOrigin }));
  app.use(
    '*',
    securityHeaders({
      connectOrigins: config.allowedOrigins,
      hsts: (config.publicUrl ?? '').startsWith('https:'),
    }),
  );
  // `?ref=` on any page: record the affiliate visit and set the affwp_* cookies (spec §7 affiliate info).
  app.use('*', pageReferralTracking());
  app.use('/', rootReferralLanding());

  // The API surface (ours and the WordPress-style news): CORS, a body size cap, and no caching of
  // answers that carry personal data unless a route says otherwise.
  for (const prefix of ['/api/*', '/wp/*']) {
    app.use(prefix, cors({ allowedOrigins: config.allowedOrigins, publicOrigin: deps.publicOrigin }));
    app.use(
      prefix,
      // Ticket uploads (up to 5 × 10 MB) have their own limit in routes/tickets.ts. A GET or HEAD has
      // no body to limit, and asking it for one would build a full fetch Request for nothing.
      except(
        [isTicketUpload, isReleaseUpload, hasNoBody],
        bodyLimit({ maxSize: config.bodyLimitBytes, onError: (c) => sendError(c, payloadTooLarge()) }),
      ),
    );
    app.use(prefix, async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    });
  }

  const api = new Hono<AppEnv>();
  api.use('*', sessionMiddleware());
  api.use('*', twoFactorSignal());
  api.use('*', refuseSwitchedTakeover('/api/v1'));
  api.route('/', authRoutes());
  api.route('/', twoFactorRoutes());
  api.route('/', passwordResetRoutes());
  api.route('/', profileRoutes());
  api.route('/', companyRoutes());
  api.route('/', licenceRoutes());
  api.route('/', historyRoutes());
  api.route('/', invoiceRoutes());
  api.route('/', subscriptionRoutes());
  api.route('/', geoRoutes());
  api.route('/', downloadRoutes());
  api.route('/', ticketRoutes());
  api.route('/', cartRoutes());
  api.route('/', checkoutRoutes());
  api.route('/', affiliateRoutes());
  api.route('/', managerRoutes());
  api.route('/', reportRoutes());
  api.route('/', releaseRoutes());
  api.route('/', billingRoutes());
  api.route('/', licenceApiRoutes());
  api.route('/', wpPostsRoutes());
  app.route('/api/v1', api);
  app.route('/', wpPostsRoutes());
  app.route('/', newsPageRoutes());
  app.route('/', cardSandboxRoutes());
  app.route('/', renewalPaymentPageRoutes());
  app.route('/', signOutEverywhereRoutes());

  if (config.devOutbox) app.route('/', devOutboxRoutes());
  app.route('/', healthRoutes());
  app.route('/', sandboxPayRoutes());
  // Before the portal page at `/`: a request carrying `edd_action` is a plugin's, any other the page's.
  app.route('/', eddRoutes());
  app.route('/', staticRoutes(deps.paths));

  app.notFound((c) =>
    isUnknownPageRequest(c) ? c.redirect('/auth/sign-in', 302) : sendError(c, notFound()),
  );
  app.onError((error, c) => {
    if (error instanceof HttpError) return sendError(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return sendError(c, new HttpError(error.status, 'bad_request', error.message || 'Bad request.'));
    }
    // PostgreSQL down or restarting: a clear 503 the client may retry, not a 500; the pool reconnects.
    if (isDatabaseUnavailable(error)) {
      logger.warn('database unavailable', { method: c.req.method, path: c.req.path, error });
      return sendError(c, serviceUnavailable());
    }
    const refused = callerDataError(error);
    if (refused) {
      logger.warn('request value refused by the database', { method: c.req.method, path: c.req.path, error });
      return sendError(c, refused);
    }
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, error });
    return c.json(internalErrorBody, 500);
  });

  return app;
}
