import { Hono } from 'hono';
import { StatesQuerySchema } from '../../shared/schemas/geo';
import { countryOptions, stateOptions } from '../geo/regions';
import type { AppEnv } from '../http/app-env';
import { readQuery } from '../http/validate';

/** The lists change with a package update at most; a day in caches is harmless. */
const cacheForADay = 'public, max-age=86400';

/**
 * `GET /countries` and `GET /states {country}` (spec §7): options with value and label for the billing
 * address of the profile, the invoice and the checkout. Public: the checkout works without an account.
 */
export function geoRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/countries', (c) => {
    c.header('Cache-Control', cacheForADay);
    return c.json(countryOptions());
  });

  app.get('/states', (c) => {
    const { country } = readQuery(c, StatesQuerySchema);
    c.header('Cache-Control', cacheForADay);
    // An unknown code has no states, as a country without states: nothing to choose, nothing required.
    return c.json(stateOptions(country));
  });

  return app;
}
