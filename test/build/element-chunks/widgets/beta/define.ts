import { shared } from '../../shared/shared';

export const beta = () => shared();
