import * as v from 'valibot';

/**
 * What a licensed plugin may report about its site (platform, runtime and plugin versions, locale,
 * why it was deactivated), checked the same by every licensing call that stores it: the values end
 * up in company reports and CSV exports, so only well-formed ones are kept.
 */

/** `6.5`, `8.2.12`, `2.1.0-beta.1`, `6.6-alpha-58123`, `8.1.2-1ubuntu2.14`. */
export const versionPattern = /^\d{1,6}(?:\.\d{1,6}){0,3}(?:[-+~][0-9A-Za-z.+~-]{1,32})?$/;

/** WordPress and BCP 47 forms: `en`, `en_US`, `pt-BR`, `de_DE_formal`, `pt_PT_ao90`, `zh-Hant-TW`. */
export const localePattern = /^[a-z]{2,3}(?:[_-][A-Za-z]{2,4})?(?:[_-][A-Za-z0-9]{2,8})?$/;

/** The reasons the plugins offer (and the server records itself); any other is free text. */
export const deactivationReasons = [
  'I found a better plugin',
  'I only needed the plugin for a short period',
  'The plugin broke my site',
  'It is a temporary deactivation',
  'I no longer need the plugin',
  'Deactivated from the site',
  'Deactivated by the customer',
] as const;

export const maxFreeReasonLength = 200;

export const telemetryMessages = {
  version: 'Must be a version such as 6.5, 8.2.12 or 2.1.0-beta.1.',
  locale: 'Must be a locale such as en_US or pt-BR.',
  reason: `Must be one of the listed reasons or a text of at most ${maxFreeReasonLength} characters.`,
} as const;

/** Control characters other than tab and line breaks: never in a reason someone typed. */
function hasControlCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

export function isDeactivationReason(value: string): boolean {
  return (
    (deactivationReasons as readonly string[]).includes(value) ||
    (value.length <= maxFreeReasonLength && !hasControlCharacter(value))
  );
}

export const versionField = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(48, telemetryMessages.version),
  v.regex(versionPattern, telemetryMessages.version),
);

export const localeField = v.pipe(v.string(), v.trim(), v.regex(localePattern, telemetryMessages.locale));

export const reasonField = v.pipe(
  v.string(),
  v.trim(),
  v.check(isDeactivationReason, telemetryMessages.reason),
);

const version = v.optional(v.nullable(versionField));

/**
 * `POST /telemetry`: what a licensed plugin reports about the site it runs on, authenticated by the
 * licence key. `event: 'deactivated'` marks the site deactivated with the visitor's reason.
 */
export const TelemetryRequestSchema = v.object({
  license_key: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid licence key')),
  url: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(2048)),
  event: v.optional(v.picklist(['heartbeat', 'deactivated']), 'heartbeat'),
  wp_version: version,
  php_version: version,
  plugin_version: version,
  language: v.optional(v.nullable(localeField)),
  multisite: v.optional(v.boolean()),
  server: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(64)))),
  deactivation_reason: v.optional(v.nullable(reasonField)),
});
export type TelemetryRequest = v.InferOutput<typeof TelemetryRequestSchema>;
