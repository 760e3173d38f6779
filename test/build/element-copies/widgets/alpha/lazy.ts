import { label } from '../../shared/ui/label';

export { label };
