import { createReactEdition } from '../../shared/element/react-edition';
import { Downloads as DownloadsView } from './Downloads';
import styles from './downloads.css?inline';

/** `<Downloads />` for React hosts: the same view as `<vendor-downloads>`, in its own shadow root. */
export const Downloads = createReactEdition(DownloadsView, styles);
export type { DownloadsProps } from './Downloads';
