import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { ProfileForm } from '../../shared/schemas/forms/profile';
import type { Reauth } from '../../shared/schemas/reauth';
import type { ProfileStore } from '../../shared/stores/profile';
import { Avatar, Button, Field } from '../../shared/ui';
import { ReauthFields } from './ReauthFields';

type Name = keyof ProfileForm;

const fields: { name: Name; label: string; type: string; autoComplete: string }[] = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'display_name', label: 'Display name', type: 'text', autoComplete: 'nickname' },
  { name: 'email', label: 'Primary email', type: 'email', autoComplete: 'email' },
];

/** Where the picture is changed: the avatar service the server's gravatar URL points at. */
const avatarServiceUrl = 'https://gravatar.com/profile';

/** Profile tab (spec §2, §5 Profile): names and e-mail, and the read-only picture from the avatar service. */
export function ProfileTab({ store }: { store: ProfileStore }) {
  const { profile, errors, saving, pendingEmail } = useStore(store.$profile);
  const { emit } = useElementHost();
  const [form, setForm] = useState<ProfileForm>(() => ({
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    display_name: profile?.display_name ?? '',
    email: profile?.email ?? '',
  }));
  const [proof, setProof] = useState<Reauth>({ current_password: '', code: '' });
  const [sendingCode, setSendingCode] = useState(false);
  const changesEmail = form.email.trim().toLowerCase() !== (profile?.email ?? '').toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.saveProfile(form, proof)) {
      setProof({ current_password: '', code: '' });
      emit('vendor-profile-updated', { type: 'profile' });
    }
  };

  return (
    <form className="profile__panel profile__form" noValidate onSubmit={submit}>
      <div className="profile__avatar">
        {/* The paragraph beside it says what it is; a picture that fails leaves the initials. */}
        <Avatar name={profile?.display_name ?? ''} src={profile?.profile_image} size={96} />
        <p>
          Your picture comes from Gravatar.{' '}
          <a href={avatarServiceUrl} target="_blank" rel="noopener noreferrer">
            Change it at Gravatar
          </a>
        </p>
      </div>
      {fields.map((field) => (
        <Field key={field.name} label={field.label} error={errors.profile[field.name]} required>
          <input
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            value={form[field.name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setForm((current) => ({ ...current, [field.name]: value }));
              store.clearError('profile', field.name);
            }}
          />
        </Field>
      ))}
      {changesEmail && (
        <ReauthFields
          value={proof}
          errors={errors.profile}
          twoFA={profile?.twoFA ?? { totp: false, email: false }}
          sendingCode={sendingCode}
          onSendCode={() => {
            setSendingCode(true);
            void store.sendReauthCode().finally(() => setSendingCode(false));
          }}
          onChange={(field, value) => {
            setProof((current) => ({ ...current, [field]: value }));
            store.clearError('profile', field);
          }}
        />
      )}
      {pendingEmail && (
        <p className="profile__note" role="status">
          We have sent a confirmation link to {pendingEmail}. Your e-mail address changes once you open it.
        </p>
      )}
      <div className="profile__actions">
        <Button type="submit" loading={saving === 'profile'}>
          Update Profile
        </Button>
      </div>
    </form>
  );
}
