import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { confirmSignOutPage, signOutResultPage } from '../account/sign-out-page';
import { signOutEverywhere, signOutPath } from '../auth/security-notice';
import { looksLikeToken } from '../auth/tokens';
import type { AppEnv } from '../http/app-env';
import { payloadTooLarge, sendError } from '../http/errors';

/** The portal's forgot-password view (portal/routes.ts `forgetPass`). */
const forgotPasswordPath = '/auth/forget-pass';

/**
 * "This wasn't me" (security notices, server/auth/security-notice.ts): the link's page asks for a
 * click, the click ends every session of the account once. The token is the only credential.
 */
export function signOutEverywhereRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(signOutPath, (c) => {
    c.header('Cache-Control', 'no-store');
    const token = c.req.query('token') ?? '';
    if (!looksLikeToken(token)) return c.html(signOutResultPage(false, forgotPasswordPath), 400);
    return c.html(confirmSignOutPage(signOutPath, token));
  });

  app.post(
    signOutPath,
    bodyLimit({ maxSize: 1024, onError: (c) => sendError(c, payloadTooLarge()) }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const form = await c.req.parseBody();
      const token = typeof form.token === 'string' ? form.token : '';
      const done = looksLikeToken(token) && (await signOutEverywhere(c.get('deps').db, token));
      return c.html(signOutResultPage(done, forgotPasswordPath), done ? 200 : 400);
    },
  );

  return app;
}
