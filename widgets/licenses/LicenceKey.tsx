import { copyMessages } from '../../shared/api/messages';
import { useElementHost } from '../../shared/element';
import type { License } from '../../shared/schemas/licences';
import { CopyButton } from '../../shared/ui/CopyButton';

/** The key in monospace with a copy button that confirms 'License key copied' and tells the page. */
export function LicenceKey({ license }: { license: License }) {
  const { emit } = useElementHost();
  return (
    <span className="licences__key">
      <code part="license-key" title={license.license_key}>
        {license.license_key}
      </code>
      <CopyButton
        value={license.license_key}
        confirmation={copyMessages.licenseKey}
        aria-label={`Copy the license key of ${license.name}`}
        onCopied={() =>
          emit('vendor-licence-copied', { license_id: license.license_id, license_key: license.license_key })
        }
      />
    </span>
  );
}

/** `count/limit`; an unlimited licence shows its count over 'Unlimited'. */
export function activations(license: License, unlimited: string): string {
  return `${license.activation_count}/${license.limit ?? unlimited}`;
}
