import { createVendorElement } from '../../shared/element/create-element';
import { Profile, type ProfileProps } from './Profile';
import { profileStyles } from './styles';

/** The `<vendor-profile>` class; `define.ts` registers it. */
export const VendorProfileElement = createVendorElement<ProfileProps>(Profile, {
  styles: profileStyles,
  attributes: { tab: 'string' },
});
