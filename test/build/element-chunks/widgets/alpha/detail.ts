import { rows } from './rows';
import { emptyStore } from './store';

export const detail = () => rows(emptyStore().items.concat('detail'));
