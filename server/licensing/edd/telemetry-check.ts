import * as v from 'valibot';
import { localeField, reasonField, versionField } from '../../../shared/schemas/telemetry-fields';
import { fieldMessages } from '../../http/validate';
import type { EddRequest } from './request';

/** The EDD calls that store what they are told about the site (versions, locale, reason). */
const recordingActions = new Set(['activate_license', 'deactivate_license', 'check_license']);

/** The request's telemetry under the EDD field names its problems are reported with. */
const EddTelemetrySchema = v.object({
  version: v.optional(versionField),
  wp_version: v.optional(versionField),
  php_version: v.optional(versionField),
  locale: v.optional(localeField),
  reason: v.optional(reasonField),
});

/**
 * The malformed telemetry of a call that stores it, by field (EDD's names), or null when there is
 * none. `get_version` stores nothing and is never refused for it: a plugin with an odd version header
 * still gets its updates.
 */
export function telemetryProblems(request: EddRequest): Record<string, string> | null {
  if (!recordingActions.has(request.action)) return null;
  const { platformVersion, runtimeVersion, pluginVersion, language } = request.versions;
  const checked = v.safeParse(EddTelemetrySchema, {
    version: pluginVersion,
    wp_version: platformVersion,
    php_version: runtimeVersion,
    locale: language,
    reason: request.reason,
  });
  return checked.success ? null : fieldMessages(checked.issues);
}
