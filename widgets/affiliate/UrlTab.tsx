import { useId, useState } from 'react';
import { copyMessages } from '../../shared/api/messages';
import { ElementSubtitle } from '../../shared/element/ElementTitle';
import { useElementHost } from '../../shared/element/host-context';
import type { Affiliate } from '../../shared/schemas/affiliates';
import { Button } from '../../shared/ui/Button';
import { CopyButton } from '../../shared/ui/CopyButton';
import { Field } from '../../shared/ui/Field';
import { campaignUrl } from './links';
import { texts } from './texts';

/** The referral URL with copy, and the generator that appends an optional campaign (spec §2). */
export function UrlTab({ affiliate }: { affiliate: Affiliate }) {
  const { emit } = useElementHost();
  const [campaign, setCampaign] = useState('');
  const [generated, setGenerated] = useState<string | null>(null);
  const urlId = useId();
  const generatedId = useId();

  return (
    <div className="affiliate__url">
      <div className="affiliate__url-row" part="referral-url">
        <label htmlFor={urlId}>{texts.referralUrl}</label>
        <div className="affiliate__copy-line">
          <input id={urlId} type="text" readOnly value={affiliate.referral_url} />
          <CopyButton
            value={affiliate.referral_url}
            confirmation={copyMessages.affiliateUrl}
            onCopied={(value) => emit('vendor-affiliate-copied', { what: 'url', value })}
          >
            {texts.copyUrl}
          </CopyButton>
        </div>
      </div>
      <form
        className="affiliate__generator"
        aria-label={texts.generatorHeading}
        onSubmit={(event) => {
          event.preventDefault();
          // Read from the form itself: a state update from the last keystroke may not have rendered yet.
          const typed = new FormData(event.currentTarget).get('campaign');
          setGenerated(campaignUrl(affiliate.referral_url, typeof typed === 'string' ? typed : campaign));
        }}
      >
        <ElementSubtitle>{texts.generatorHeading}</ElementSubtitle>
        <Field label={texts.campaign}>
          <input
            type="text"
            name="campaign"
            value={campaign}
            maxLength={100}
            onChange={(event) => setCampaign(event.currentTarget.value)}
          />
        </Field>
        <Button type="submit">{texts.generate}</Button>
        {generated && (
          <div className="affiliate__url-row">
            <label htmlFor={generatedId}>{texts.generatedUrl}</label>
            <div className="affiliate__copy-line">
              <input id={generatedId} type="text" readOnly value={generated} />
              <CopyButton
                value={generated}
                confirmation={copyMessages.generatedUrl}
                onCopied={(value) => emit('vendor-affiliate-copied', { what: 'generated-url', value })}
              >
                {texts.copyUrl}
              </CopyButton>
            </div>
          </div>
        )}
      </form>
    </div>
  );
}
