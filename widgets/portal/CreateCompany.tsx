import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import type { ApiClient } from '../../shared/api/client';
import { portalPatterns, signInPath } from '../../shared/portal/paths';
import { companyMessages } from '../../shared/schemas/company';
import { createCompany } from '../../shared/stores/company';
import { session } from '../../shared/stores/session';
import { showToast } from '../../shared/stores/toasts';
import { Button, ButtonLink, Field } from '../../shared/ui';

export interface CreateCompanyProps {
  api: ApiClient;
  /** Where to go once the company exists. */
  onCreated: (accountType: string) => void;
}

/**
 * /auth/create-company-form (spec §2): where a user without an active company lands. Creating one needs
 * a signed-in account, so a visitor is asked to sign in first and brought back here.
 */
export function CreateCompany({ api, onCreated }: CreateCompanyProps) {
  const token = useStore(session.$token);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token) {
    return (
      <section className="company-form">
        <h1>Create your company</h1>
        <p>Sign in to create the company your account works in.</p>
        <ButtonLink href={signInPath(portalPatterns.createCompany)}>Sign In</ButtonLink>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await createCompany(api, name);
    setBusy(false);
    if (result.ok) {
      showToast({ kind: 'success', message: companyMessages.created });
      onCreated(result.user.accountType);
      return;
    }
    setError(result.fieldError);
    if (!result.fieldError) showToast({ kind: 'error', message: result.message });
  };

  return (
    <form className="company-form" onSubmit={submit} noValidate>
      <h1>Create your company</h1>
      <p>Your account has no active company yet. Name the first one; you can add more later.</p>
      <Field label="Company name" error={error} required>
        <input
          value={name}
          maxLength={120}
          autoComplete="organization"
          onInput={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
        />
      </Field>
      <Button type="submit" loading={busy}>
        Create Company
      </Button>
    </form>
  );
}
