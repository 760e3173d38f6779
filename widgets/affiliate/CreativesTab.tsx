import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { copyMessages } from '../../shared/api/messages';
import { safeHttpUrl } from '../../shared/api/safe-url';
import { ElementSubtitle } from '../../shared/element/ElementTitle';
import { useElementHost } from '../../shared/element/host-context';
import type { Affiliate, Creative } from '../../shared/schemas/affiliates';
import type { AffiliateStore } from '../../shared/stores/affiliates';
import { CopyButton } from '../../shared/ui/CopyButton';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Skeleton } from '../../shared/ui/Skeleton';
import { creativeCode, creativeLink } from './links';
import { texts } from './texts';

/** Active creatives (spec §7: up to 100): image, text, and the HTML to paste with 'Code copied'. */
export function CreativesTab({ store, affiliate }: { store: AffiliateStore; affiliate: Affiliate }) {
  const creatives = useStore(store.$creatives);
  useEffect(() => {
    void store.loadCreatives();
  }, [store]);

  if (creatives.state === 'error') {
    return <LoadFailure message={creatives.error} onRetry={() => void store.loadCreatives(true)} />;
  }
  if (creatives.state !== 'ready') {
    return (
      <div className="affiliate__creatives" aria-busy="true">
        <Skeleton width="100%" height="10rem" />
        <Skeleton width="100%" height="10rem" />
      </div>
    );
  }
  if (creatives.creatives.length === 0) return <p className="affiliate__muted">{texts.empty.creatives}</p>;
  return (
    <ul className="affiliate__creatives">
      {creatives.creatives.map((creative) => (
        <CreativeCard key={creative.id} creative={creative} affiliate={affiliate} />
      ))}
    </ul>
  );
}

function CreativeCard({ creative, affiliate }: { creative: Creative; affiliate: Affiliate }) {
  const { emit } = useElementHost();
  const link = creativeLink(creative.url, affiliate.referral_var, affiliate.id);
  const image = safeHttpUrl(creative.image);
  const text = creative.text || creative.name;
  const code = link ? creativeCode(link, text, image) : null;
  return (
    <li className="affiliate__creative" part="creative">
      <ElementSubtitle>{creative.name}</ElementSubtitle>
      {image && <img loading="lazy" src={image} alt={text} />}
      {creative.text && <p>{creative.text}</p>}
      {code && (
        <>
          <pre className="affiliate__code">
            <code>{code}</code>
          </pre>
          <CopyButton
            value={code}
            confirmation={copyMessages.codeShort}
            aria-label={`${texts.copyCode}: ${creative.name}`}
            onCopied={(value) => emit('vendor-affiliate-copied', { what: 'creative', value })}
          >
            {texts.copyCode}
          </CopyButton>
        </>
      )}
    </li>
  );
}
