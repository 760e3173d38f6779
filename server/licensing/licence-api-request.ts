import * as v from 'valibot';
import { localeField, reasonField, versionField } from '../../shared/schemas/telemetry-fields';

const text = v.optional(v.pipe(v.string(), v.maxLength(500)));

/** The JSON body of `POST /api/v1/licenses/*` (EDD's field names; the item may be left out). */
export const LicenceApiRequestSchema = v.object({
  license: v.pipe(v.string(), v.minLength(1, 'license is required.'), v.maxLength(500)),
  item_id: v.optional(v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.maxLength(20))])),
  item_name: text,
  url: text,
  beta: v.optional(v.boolean()),
  version: v.optional(versionField),
  wp_version: v.optional(versionField),
  php_version: v.optional(versionField),
  locale: v.optional(localeField),
  reason: v.optional(reasonField),
});

export const LicenceFileQuerySchema = v.object({
  license: v.pipe(v.string(), v.minLength(1, 'license is required.'), v.maxLength(500)),
  url: v.pipe(v.string(), v.minLength(1, 'url is required.'), v.maxLength(500)),
  item_id: v.optional(v.pipe(v.string(), v.maxLength(20))),
  item_name: text,
});

/** The fields as EDD's form would carry them, for the one request reader. */
export function asParams(
  fields: Record<string, string | number | boolean | undefined>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) params[name] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return params;
}
