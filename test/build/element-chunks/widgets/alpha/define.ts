import { shared } from '../../shared/shared';
import { rows } from './rows';
import { createStore } from './store';

/** Alpha's entry: its list at start, its detail view on demand. */
export const store = createStore();
export const list = () => rows(store.items).concat(shared());
export const loadDetail = () => import('./detail');
