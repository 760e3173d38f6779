import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import { publicApiFor } from '../../shared/api/public';
import { safeHttpUrl } from '../../shared/api/safe-url';
import type { CommonElementProps } from '../../shared/element';
import { formatDate } from '../../shared/format/dates';
import { htmlToText } from '../../shared/format/html';
import type { NewsPost } from '../../shared/schemas/news';
import { NEWS_PER_PAGE, newsStoreFor } from '../../shared/stores/news';
import { LoadFailure } from '../../shared/ui/LoadFailure';

export interface NewsProps extends CommonElementProps {
  /** `browse-url`: where 'Browse All Posts' leads. Without it the element pages through every post itself. */
  browseUrl?: string;
  /** `category`: only posts of this WordPress category id. */
  category?: number;
  /** `heading`: the section title. */
  heading?: string;
}

/**
 * `<vendor-news>`: the vendor's latest news, 3 posts newest first, from a WordPress-compatible
 * `GET {api-base}/wp/v2/posts?per_page=3&_embed=1`.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function News({ apiBase, browseUrl, category, heading = 'Latest News' }: NewsProps) {
  const store = useMemo(() => newsStoreFor(publicApiFor(apiBase), category), [apiBase, category]);
  // React's own subscription to the store, not @nanostores/react: its key listeners are ≈ 0.5 KB gzip
  // that the one public element, the smallest and most pasted, has no use for.
  const news = useSyncExternalStore(store.$news.listen, store.$news.get);
  const headingId = useId();
  const browseHref = safeHttpUrl(browseUrl);

  useEffect(() => {
    void store.load();
  }, [store]);

  const busy = news.state === 'idle' || news.state === 'loading';

  return (
    <section className="news" part="root" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="news__heading">
        {heading}
      </h2>
      {news.state === 'error' ? (
        <LoadFailure message={news.error} onRetry={() => void store.reload()} />
      ) : busy ? (
        <NewsSkeleton />
      ) : (
        <ul className="news__list">
          {news.posts.map((post) => (
            <NewsCard key={post.id} post={post} />
          ))}
        </ul>
      )}
      <NewsBrowse
        browseHref={browseHref}
        page={news.page}
        totalPages={news.totalPages}
        disabled={busy}
        onPage={(page) => void store.loadPage(page)}
      />
    </section>
  );
}

function NewsCard({ post }: { post: NewsPost }) {
  const media = post._embedded?.['wp:featuredmedia']?.[0];
  const image = safeHttpUrl(media?.source_url);
  const link = safeHttpUrl(post.link);
  const title = htmlToText(post.title.rendered);
  return (
    <li className="news__post" part="post">
      <div className="news__image-frame">
        {image && (
          // loading before src: Preact sets attributes in this order, and the image must know it is lazy
          // before its source is set (React orders them itself).
          <img className="news__image" part="image" loading="lazy" src={image} alt={media?.alt_text ?? ''} />
        )}
      </div>
      <div className="news__body">
        <h3 className="news__title">
          {link ? (
            <a part="title" href={link}>
              {title}
            </a>
          ) : (
            title
          )}
        </h3>
        <time className="news__date" dateTime={post.date}>
          {formatDate(post.date)}
        </time>
        <p className="news__excerpt">{htmlToText(post.excerpt.rendered)}</p>
      </div>
    </li>
  );
}

const skeletonKeys = Array.from({ length: NEWS_PER_PAGE }, (_, index) => `placeholder-${index}`);

/** Three placeholder cards of the real cards' size, so nothing moves when the posts arrive. */
function NewsSkeleton() {
  return (
    <ul className="news__list" aria-hidden="true" data-state="loading">
      {skeletonKeys.map((key) => (
        <li key={key} className="news__post news__post--skeleton">
          <div className="news__image-frame" />
          <div className="news__body">
            <span className="news__bone news__bone--title" />
            <span className="news__bone news__bone--date" />
            <span className="news__bone" />
            <span className="news__bone news__bone--short" />
          </div>
        </li>
      ))}
    </ul>
  );
}

interface NewsBrowseProps {
  browseHref: string | null;
  page: number;
  totalPages: number;
  disabled: boolean;
  onPage: (page: number) => void;
}

/** 'Browse All Posts': a link when the host names its blog, otherwise paging inside the element. */
function NewsBrowse({ browseHref, page, totalPages, disabled, onPage }: NewsBrowseProps) {
  if (browseHref) {
    return (
      <a className="news__browse" part="browse" href={browseHref}>
        Browse All Posts
      </a>
    );
  }
  if (page === 1) {
    return totalPages > 1 ? (
      <button
        type="button"
        className="news__browse"
        part="browse"
        disabled={disabled}
        onClick={() => onPage(2)}
      >
        Browse All Posts
      </button>
    ) : null;
  }
  return (
    <nav className="news__pager" aria-label="News pages">
      <button type="button" className="news__browse" disabled={disabled} onClick={() => onPage(page - 1)}>
        Newer posts
      </button>
      <span>
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="news__browse"
        disabled={disabled || page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Older posts
      </button>
    </nav>
  );
}
