import { useState } from 'react';
import { useOwnStyles } from '../../shared/element/use-styles';
import { type DownloadItem, downloadKey } from '../../shared/schemas/downloads';
import type { Product } from '../../shared/schemas/licences';
import { Button } from '../../shared/ui/Button';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { Modal } from '../../shared/ui/Modal';
import { texts } from './texts';
import { useDownloads } from './use-downloads';
import { viewTexts } from './view-texts';
import viewStyles from './views.css?inline';

/** Keyed by the bundle where it is used, so a new bundle starts at its top level. */
export interface BundleModalProps {
  /** The bundle whose items are listed; null keeps the modal closed. */
  product: Product | null;
  onClose: () => void;
}

/**
 * The bundle-download modal (spec §2): the bundle's items, each with Download, or 'Show Downloads' for a
 * nested group, from which 'Back to downloads' returns. 'No downloads found' when a list is empty.
 */
export function BundleModal({ product, onClose }: BundleModalProps) {
  useOwnStyles(viewStyles);
  const { active, download } = useDownloads();
  const [group, setGroup] = useState<DownloadItem | null>(null);
  const items = group ? (group.downloads ?? []) : (product?.downloads ?? []);

  return (
    <Modal
      open={product !== null}
      onClose={onClose}
      title={viewTexts.bundleTitle(product?.name ?? '')}
      size="medium"
      closeLabel={viewTexts.close}
      footer={
        <>
          {group && (
            <Button variant="secondary" onClick={() => setGroup(null)}>
              {viewTexts.backToDownloads}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {viewTexts.close}
          </Button>
        </>
      }
    >
      {group && <p className="licences__group">{group.download_name}</p>}
      {items.length === 0 ? (
        <p className="licences__muted">{viewTexts.noDownloads}</p>
      ) : (
        <ul className="licences__bundle">
          {items.map((item) => {
            const mine = active?.key === downloadKey(item);
            return (
              <li key={downloadKey(item)} className="licences__bundle-item">
                <span>{item.download_name}</span>
                {item.downloads?.length ? (
                  <Button variant="secondary" size="small" onClick={() => setGroup(item)}>
                    {viewTexts.showDownloads}
                  </Button>
                ) : (
                  <DownloadButton
                    busy={mine}
                    progress={mine ? active : null}
                    disabled={active !== null}
                    label={texts.download}
                    aria-label={`${texts.download} ${item.download_name}`}
                    onClick={() => void download(item)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
