import { createReactEdition } from '../../shared/element/react-edition';
import { News as NewsView } from './News';
import styles from './news.css?inline';

/** `<News />` for React hosts: the same view as `<vendor-news>`, in its own shadow root. */
export const News = createReactEdition(NewsView, styles);
export type { NewsProps } from './News';
