import { createReactEdition } from '../../shared/element/react-edition';
import { Profile as ProfileView } from './Profile';
import { profileStyles } from './styles';

/** `<Profile />` for React hosts: the same view as `<vendor-profile>`, in its own shadow root. */
export const Profile = createReactEdition(ProfileView, profileStyles);
export type { ProfileProps } from './Profile';
