import * as v from 'valibot';
import { versionPattern } from './versions';

/** The fields of `POST /api/v1/releases` besides the zip (multipart, as `npm run release` sends them). */
export const ReleaseFieldsSchema = v.object({
  product: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'product must be a download id.'), v.transform(Number)),
  version: v.pipe(v.string(), v.regex(versionPattern, 'version must look like 1.2.3 or 1.2.3-beta.1.')),
  changelog: v.optional(v.pipe(v.string(), v.maxLength(20_000)), ''),
  requires: v.optional(v.pipe(v.string(), v.maxLength(20))),
  tested: v.optional(v.pipe(v.string(), v.maxLength(20))),
  requires_php: v.optional(v.pipe(v.string(), v.maxLength(20))),
  channel: v.optional(v.picklist(['stable', 'beta'], 'channel must be stable or beta.'), 'stable'),
  rollout: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'rollout must be a whole percent.'),
      v.transform(Number),
      v.maxValue(100, 'rollout must be a whole percent.'),
    ),
    '100',
  ),
});

export const RolloutRequestSchema = v.object({
  rollout: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
});

export const VendorKeyRequestSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Please name the key.'), v.maxLength(100)),
});
