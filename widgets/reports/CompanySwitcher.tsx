import { useId } from 'react';
import type { SessionUser } from '../../shared/schemas/session';

export interface CompanySwitcherProps {
  user: SessionUser;
  busy: boolean;
  onSwitch: (companyId: number) => void;
}

/** Chooses the active company profile (spec §1 "Switch between company profiles"). */
export function CompanySwitcher({ user, busy, onSwitch }: CompanySwitcherProps) {
  const id = useId();
  if (user.allProfiles.length < 2) return null;
  return (
    <div className="reports__switcher">
      <label htmlFor={id}>Company profile</label>
      <select
        id={id}
        value={user.activeProfile?.id ?? ''}
        disabled={busy}
        aria-busy={busy || undefined}
        onChange={(event) => onSwitch(Number(event.currentTarget.value))}
      >
        {user.activeProfile === null && <option value="">Choose a company</option>}
        {user.allProfiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
    </div>
  );
}
