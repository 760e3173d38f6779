import { atom } from 'nanostores';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { newsFailures } from '../api/messages/news-failures';
import { type NewsPost, NewsPostListSchema } from '../schemas/news';
import type { LoadState } from './load-state';

/** Latest News shows 3 posts (spec §9); 'Browse All Posts' pages through the rest, 3 at a time. */
export const NEWS_PER_PAGE = 3;

export interface NewsState {
  state: LoadState;
  posts: NewsPost[];
  page: number;
  totalPages: number;
  error: string | null;
}

export type NewsStore = ReturnType<typeof createNewsStore>;

/** News of one API: posts newest first, WordPress-compatible paging (spec §7 news posts). */
export function createNewsStore(api: ApiClient, category?: number) {
  const $news = atom<NewsState>({ state: 'idle', posts: [], page: 1, totalPages: 1, error: null });

  async function loadPage(page: number): Promise<void> {
    $news.set({ ...$news.get(), state: 'loading', page, error: null });
    try {
      const { data, meta } = await api.get('/wp/v2/posts', NewsPostListSchema, {
        per_page: NEWS_PER_PAGE,
        page,
        _embed: 1,
        orderby: 'date',
        order: 'desc',
        categories: category,
      });
      $news.set({ state: 'ready', posts: data, page, totalPages: meta.totalPages ?? 1, error: null });
    } catch (error) {
      $news.set({ ...$news.get(), state: 'error', error: loadFailureText(error, newsFailures.newsFailed) });
    }
  }

  return {
    $news,
    /** Loads the first page once; later calls while loaded or loading do nothing. */
    load(): Promise<void> {
      return $news.get().state === 'idle' ? loadPage(1) : Promise.resolve();
    },
    loadPage,
    /** Try again: the page that failed. */
    reload: (): Promise<void> => loadPage($news.get().page),
  };
}

const stores = new Map<string, NewsStore>();

/** One news store per API and category on a page, so two news elements load the posts once. */
export function newsStoreFor(api: ApiClient, category?: number): NewsStore {
  const key = `${api.baseURL}#${category ?? ''}`;
  let store = stores.get(key);
  if (!store) {
    store = createNewsStore(api, category);
    stores.set(key, store);
  }
  return store;
}
