import { increment } from '../../shared/stores/counter';
import { label } from '../../shared/ui/label';

export { increment, label };
/** A view alpha loads on demand: it must get alpha's copy of `label`, not a third one. */
export const loadLazy = () => import('./lazy');
