import { useMemo } from 'react';
import { apiFor, resolveApiBase } from '../../shared/api';
import type { CommonElementProps } from '../../shared/element';
import { downloadsStoreFor } from '../../shared/stores/downloads';
import { FreeDownloads } from './FreeDownloads';
import { Landing } from './Landing';
import { ProDownloads } from './ProDownloads';

export interface DownloadsProps extends CommonElementProps {
  /** `view`: `downloads` (default) or `landing` (the public download landing). */
  view?: string;
  /** `signature`: the landing's signed link; default the page's `?signature=`. */
  signature?: string;
  /** `download-name`: the landing's file name; default the page's `?name=`. */
  downloadName?: string;
  /** `sign-in-url`: where the landing's sign-in goes. Default `/auth/sign-in`. */
  signInUrl?: string;
}

const query = (name: string) =>
  typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get(name) ?? '');

/**
 * `<vendor-downloads>`: the customer's 'PRO Downloads' and the 12 'Free Downloads' (spec §2 Downloads),
 * or, with `view="landing"`, the public download landing that trades a signed link for its file.
 *
 * @tag vendor-downloads
 * @attr {string} api-base - The vendor API v1 base URL. Default: the same origin's `/api/v1`.
 * @attr {'light'|'dark'|'auto'} theme - Colour scheme. Default: `light`.
 * @attr {'downloads'|'landing'} view - Which screen. Default: `downloads`.
 * @attr {string} signature - The landing's signature. Default: `?signature=` of the page.
 * @attr {string} download-name - The landing's file name. Default: `?name=` of the page.
 * @attr {string} sign-in-url - The landing's sign-in link. Default: `/auth/sign-in`.
 * @fires vendor-navigate - `{path}`, cancelable, before going to sign-in; `preventDefault()` routes it yourself.
 * @csspart free-item - One free download card.
 * @csspart download-progress - The progress bar of a file being downloaded.
 * @cssprop --vendor-color-primary - Buttons and links.
 * @cssprop --vendor-color-surface - Free download cards.
 */
export function Downloads({
  apiBase,
  view,
  signature,
  downloadName,
  signInUrl = '/auth/sign-in',
}: DownloadsProps) {
  const store = useMemo(() => downloadsStoreFor(apiFor(apiBase)), [apiBase]);
  return (
    <div className="downloads" part="root">
      {view === 'landing' ? (
        <Landing
          store={store}
          signature={signature || query('signature')}
          downloadName={downloadName || query('name')}
          signInUrl={signInUrl}
        />
      ) : (
        <>
          <ProDownloads store={store} />
          <FreeDownloads apiBase={resolveApiBase(apiBase)} />
        </>
      )}
    </div>
  );
}
