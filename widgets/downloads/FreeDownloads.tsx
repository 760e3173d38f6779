import { useId } from 'react';
import { freeDownloads } from '../../shared/catalogue/free-downloads';
import { texts } from './texts';

/** The API's origin, where the free items' images and archives live (the page may be another site). */
function apiUrl(apiBase: string, path: string): string {
  const base = new URL(apiBase, location.href);
  return new URL(path, base).href;
}

/**
 * 'Free Downloads' (spec §2, §9): the fixed 12 items, one theme and eleven plugins, each with its image,
 * name and slug and a Download link to its public archive.
 */
export function FreeDownloads({ apiBase }: { apiBase: string }) {
  const headingId = useId();
  return (
    <section className="downloads__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="downloads__heading">
        {texts.freeDownloads}
      </h2>
      <ul className="downloads__grid">
        {freeDownloads.map((item) => (
          <li key={item.slug} className="downloads__card" part="free-item">
            <img
              className="downloads__image"
              src={apiUrl(apiBase, item.image)}
              alt=""
              width="64"
              height="64"
              loading="lazy"
            />
            <span className="downloads__name">{item.name}</span>
            <span className="downloads__muted">
              {item.slug} · {item.isTheme ? texts.theme : texts.plugin}
            </span>
            <a
              className="downloads__button"
              href={apiUrl(apiBase, `${apiBase.replace(/\/+$/, '')}/downloads/free/${item.slug}.zip`)}
              download={`${item.slug}.zip`}
              aria-label={`${texts.download} ${item.name}`}
            >
              {texts.download}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
