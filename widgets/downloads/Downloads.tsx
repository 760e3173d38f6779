import { useMemo } from 'react';
import { apiFor, resolveApiBase } from '../../shared/api';
import type { CommonElementProps } from '../../shared/element';
import { portalPatterns } from '../../shared/portal/paths';
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
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Downloads({
  apiBase,
  view,
  signature,
  downloadName,
  signInUrl = portalPatterns.signIn,
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
