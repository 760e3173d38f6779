import { increment } from '../../shared/stores/counter';
import { label } from '../../shared/ui/label';

export { increment, label };
