import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { messageOf } from '../../shared/format/messages';
import { type DownloadItem, downloadKey } from '../../shared/schemas/downloads';
import type { ActiveDownload, DownloadsStore } from '../../shared/stores/downloads';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { saveFile } from '../../shared/ui/save-file';
import { DownloadControl } from './DownloadControl';
import { texts } from './texts';

/** 'PRO Downloads' (spec §2): the files of the customer's products; a bundle lists its products. */
export function ProDownloads({ store }: { store: DownloadsStore }) {
  const { state, items, error } = useStore(store.$downloads);
  const { download: active } = useStore(store.$active);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  useEffect(() => {
    void store.load();
  }, [store]);
  const loading = state === 'idle' || state === 'loading';

  return (
    <section className="downloads__section" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="downloads__heading">
        {texts.proDownloads}
      </h2>
      {state === 'error' ? (
        <LoadFailure message={error} onRetry={() => void store.reload()} />
      ) : loading ? (
        <ul className="downloads__list" aria-hidden="true" data-state="loading">
          {['a', 'b', 'c'].map((key) => (
            <li key={key} className="downloads__row">
              <span className="downloads__bone" />
              <span className="downloads__bone downloads__bone--button" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <p className="downloads__muted">{texts.noProDownloads}</p>
      ) : (
        <DownloadList
          items={items}
          active={active}
          onDownload={(item) => {
            setFailure(null);
            store.download(item).then(
              (file) => file && saveFile(file.blob, file.filename),
              (reason: unknown) => setFailure(messageOf(reason)),
            );
          }}
        />
      )}
      {failure && (
        <p className="downloads__error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}

interface DownloadListProps {
  items: DownloadItem[];
  active: ActiveDownload | null;
  onDownload: (item: DownloadItem) => void;
}

function DownloadList({ items, active, onDownload }: DownloadListProps) {
  return (
    <ul className="downloads__list">
      {items.map((item) => (
        <li key={downloadKey(item)} className="downloads__item">
          <div className="downloads__row">
            <span className="downloads__name">{item.download_name}</span>
            <DownloadControl
              label={texts.download}
              name={`${texts.download} ${item.download_name}`}
              active={active?.key === downloadKey(item) ? active : null}
              disabled={active !== null}
              onClick={() => onDownload(item)}
            />
          </div>
          {item.downloads && item.downloads.length > 0 && (
            <DownloadList items={item.downloads} active={active} onDownload={onDownload} />
          )}
        </li>
      ))}
    </ul>
  );
}
