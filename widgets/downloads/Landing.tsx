import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useElementHost } from '../../shared/element';
import { messageOf } from '../../shared/format/messages';
import type { DownloadsStore } from '../../shared/stores/downloads';
import { saveFile } from '../../shared/ui/save-file';
import { texts } from './texts';

export interface LandingProps {
  store: DownloadsStore;
  signature: string;
  downloadName: string;
  signInUrl: string;
}

/**
 * The public download landing (spec §2): with a signature and a name it starts the download at once,
 * titled 'Downloading...' until the file is in, then 'Download' (with a button to fetch it again, 'Try
 * again' after a failure). It says the download starts shortly and offers a sign-in button. Without either it goes to sign-in.
 */
export function Landing({ store, signature, downloadName, signInUrl }: LandingProps) {
  const { download: active } = useStore(store.$active);
  const { announceNavigation: announce } = useElementHost();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const complete = signature !== '' && downloadName !== '';

  const start = async () => {
    setFailure(null);
    try {
      const file = await store.downloadSigned(signature, downloadName);
      if (file) saveFile(file.blob, file.filename);
    } catch (error) {
      // The store's failure is the spec's 'Failed to download'; shown here, where the visitor looks.
      setFailure(messageOf(error));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the link the page was opened with.
  useEffect(() => {
    if (!complete) {
      if (announce(signInUrl)) location.assign(signInUrl);
      return;
    }
    // Once per page: a re-render must not fetch the file again.
    if (started.current) return;
    started.current = true;
    void start();
  }, []);

  if (!complete) return null;
  const busy = active !== null;
  return (
    <section className="downloads__landing" aria-busy={busy}>
      <h2 className="downloads__heading">{busy ? texts.downloading : texts.download}</h2>
      <p>{texts.startsShortly}</p>
      {busy && (
        <progress
          className="downloads__progress"
          part="download-progress"
          aria-label={downloadName}
          max={active.total ?? undefined}
          value={active.total ? active.loaded : undefined}
        />
      )}
      {failure && (
        <p className="downloads__error" role="alert">
          {failure}
        </p>
      )}
      <div className="downloads__actions">
        {!busy && (
          <button type="button" className="downloads__button" onClick={() => void start()}>
            {failure ? texts.tryAgain : texts.download}
          </button>
        )}
        <a
          className="downloads__button downloads__button--primary"
          href={signInUrl}
          onClick={(event) => {
            if (!announce(signInUrl)) event.preventDefault();
          }}
        >
          {texts.signIn}
        </a>
      </div>
    </section>
  );
}
