import { type Context, Hono, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { downloadSecret } from '../downloads/secret';
import type { AppEnv } from '../http/app-env';
import { HttpError, notFound, payloadTooLarge, sendError, validationError } from '../http/errors';
import { publicOriginOf } from '../licences/links';
import { activateLicense, checkLicense, deactivateLicense } from '../licensing/edd/actions';
import { type EddAnswer, refusal } from '../licensing/edd/answers';
import { getVersion, type UpdateCall } from '../licensing/edd/get-version';
import { type EddRequest, readEddRequest } from '../licensing/edd/request';
import { telemetryProblems } from '../licensing/edd/telemetry-check';
import { limitLicensingCall } from '../licensing/rate-limits';

type Action = (call: UpdateCall, request: EddRequest) => Promise<EddAnswer | Record<string, unknown>>;

/** A Map, not an object: `edd_action=constructor` must find nothing. */
const actions = new Map<string, Action>([
  ['activate_license', (call, request) => activateLicense(call.db, request, call.now)],
  ['deactivate_license', (call, request) => deactivateLicense(call.db, request, call.now)],
  ['check_license', (call, request) => checkLicense(call.db, request, call.now)],
  ['get_version', getVersion],
]);

const isForm = (c: Context<AppEnv>) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(c.req.header('Content-Type') ?? '');

/** Query and form body together, the body winning as in PHP's `$_REQUEST`; files are ignored. */
async function paramsOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  if (c.req.method !== 'POST' || !isForm(c)) return params;
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw validationError({}, 'The request body is not a valid form.');
  }
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') params[name] = value;
  }
  return params;
}

/** One call of the API: counted against the rate limits, then answered in EDD's shape. */
async function answer(c: Context<AppEnv>, params: Record<string, string>): Promise<Response> {
  const request = readEddRequest(params, c.req.header('User-Agent'));
  await limitLicensingCall(c, request.license);
  c.header('Cache-Control', 'no-store');
  const action = actions.get(request.action);
  if (!action) throw new HttpError(400, 'invalid_action', 'This edd_action is not known.');
  const problems = telemetryProblems(request);
  if (problems) {
    // EDD's refusal shape (clients read `success`, `license`, `error`), plus which field and why.
    const license = request.action === 'deactivate_license' ? 'failed' : 'invalid';
    const [message = ''] = Object.values(problems);
    return c.json({ ...refusal(license, 'invalid_telemetry'), message, fields: problems }, 400);
  }
  const { db } = c.get('deps');
  const call = { db, now: new Date(), origin: publicOriginOf(c), secret: await downloadSecret(db) };
  return c.json(await action(call, request));
}

/** A call without `edd_action` is none of this API's. */
async function eddOnly(c: Context<AppEnv>): Promise<Response> {
  const params = await paramsOf(c);
  if (!params.edd_action) return sendError(c, notFound());
  return answer(c, params);
}

/** `GET /` is the portal page unless the query carries `edd_action`. */
async function eddOrPage(c: Context<AppEnv>, next: Next): Promise<Response | undefined> {
  const params = c.req.query();
  if (!params.edd_action) {
    await next();
    return;
  }
  return answer(c, params);
}

/**
 * EDD Software Licensing's remote API at the store's address: `/` and `/edd-sl-api`, GET or POST
 * (query or form body, as `wp_remote_get` and `wp_remote_post` send it).
 */
export function eddRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const path of ['/', '/edd-sl-api']) {
    // The API surface's body cap (app.ts), for the form bodies read here.
    app.use(path, (c, next) =>
      bodyLimit({
        maxSize: c.get('deps').config.bodyLimitBytes,
        onError: (limited) => sendError(limited, payloadTooLarge()),
      })(c, next),
    );
  }
  app.get('/', eddOrPage);
  app.post('/', (c) => eddOnly(c));
  app.get('/edd-sl-api', (c) => eddOnly(c));
  app.post('/edd-sl-api', (c) => eddOnly(c));
  return app;
}
