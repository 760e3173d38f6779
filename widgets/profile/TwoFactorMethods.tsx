import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { switchMethodQuestions, type TwoFactorMethod } from '../../shared/catalogue/two-factor';
import type { ProfileStore } from '../../shared/stores/profile';
import type {
  MethodSetupStatus,
  ProofAction,
  TwoFactorMethodsStore,
} from '../../shared/stores/two-factor-methods';
import { Badge, Button, Modal } from '../../shared/ui';
import { useMenuPopover } from '../../shared/ui/menu-popover';
import { saveTextFile } from '../../shared/ui/two-factor/save-text-file';
import { EmailSetup, RecoveryCodes, TotpSetup } from '../../shared/ui/two-factor/TwoFactorSteps';
import { ReauthFields } from './ReauthFields';

const methodNames: Record<TwoFactorMethod, string> = { totp: 'Authenticator app', email: 'E-mail code' };

const titles: Partial<Record<MethodSetupStatus, string>> = {
  'configure-totp': 'Set up your authenticator app',
  'configure-email': 'Set up e-mail codes',
  'recovery-codes': 'Your recovery codes',
};

interface Props {
  store: ProfileStore;
  methods: TwoFactorMethodsStore;
}

/**
 * 'Two-Factor Authentication Methods' (spec §2, §4): each method configured or not, with its actions
 * in a menu; configuring opens the sign-in's setup steps in a dialog, after asking to turn the other
 * method off when it is on.
 */
export function TwoFactorMethods({ store, methods }: Props) {
  const { profile } = useStore(store.$profile);
  const state = useStore(methods.$methods);
  const titleId = useId();
  const twoFA = profile?.twoFA ?? { totp: false, email: false };
  const title = titles[state.status];

  return (
    <section className="profile__two-factor" aria-labelledby={titleId}>
      <h2 id={titleId} className="profile__title">
        Two-Factor Authentication Methods
      </h2>
      <ul className="profile__methods">
        {(['totp', 'email'] as const).map((method) => (
          <li key={method} className="profile__method" data-method={method}>
            <span className="profile__method-name">{methodNames[method]}</span>
            <Badge tone={twoFA[method] ? 'success' : 'neutral'}>
              {twoFA[method] ? 'Configured' : 'Not configured'}
            </Badge>
            <MethodMenu method={method} configured={twoFA[method]} methods={methods} />
          </li>
        ))}
      </ul>
      {state.confirm && <ConfirmStep store={store} methods={methods} />}
      {title && (
        <Modal
          open
          title={title}
          size="large"
          busy={state.busy}
          dismissable={!state.busy}
          onClose={() => methods.close()}
          className="two-factor"
        >
          {state.status === 'configure-totp' && <TotpSetup state={state} actions={methods} />}
          {state.status === 'configure-email' && <EmailSetup state={state} actions={methods} />}
          {state.status === 'recovery-codes' && <RecoveryCodes state={state} actions={methods} />}
        </Modal>
      )}
    </section>
  );
}

interface MenuProps {
  method: TwoFactorMethod;
  configured: boolean;
  methods: TwoFactorMethodsStore;
}

/**
 * A method's actions behind a menu button: 'Configure' while off, and while on 'Generate New Recovery
 * Codes' (authenticator only) and 'Disable'. The menu is a popover (shared/ui/menu-popover.ts): the
 * platform closes it on Escape, giving focus back to the button, and on a press elsewhere. Arrow keys,
 * Home and End move between the items; Tab closes it.
 */
function MethodMenu({ method, configured, methods }: MenuProps) {
  const state = useStore(methods.$methods);
  const menu = useMenuPopover<HTMLDivElement>();
  const itemsRef = useRef<HTMLDivElement>(null);
  const running = state.running?.method === method;

  useEffect(() => {
    if (menu.open) itemsRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [menu.open]);

  const run = (action: () => Promise<void> | void) => {
    menu.close();
    void action();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(itemsRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(event.target as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (event.key === 'Tab') menu.close();
    else if (next !== undefined) {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    }
  };

  const items = configured
    ? [
        ...(method === 'totp'
          ? [{ label: 'Generate New Recovery Codes', action: () => methods.regenerateCodes() }]
          : []),
        { label: 'Disable', action: () => methods.disable(method) },
      ]
    : [{ label: 'Configure', action: () => methods.configure(method) }];

  return (
    <span className="profile__menu">
      <Button
        ref={menu.buttonRef}
        size="small"
        variant="secondary"
        popoverTarget={menu.menuId}
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menu.menuId : undefined}
        aria-label={`${methodNames[method]} actions`}
        loading={running}
        disabled={state.running !== null && !running}
      >
        Actions
      </Button>
      <div
        ref={(node) => {
          itemsRef.current = node;
          menu.menuRef(node);
        }}
        id={menu.menuId}
        className="profile__menu-list ui-menu-popover"
        popover="auto"
        role="menu"
        aria-label={`${methodNames[method]} actions`}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => run(item.action)}
          >
            {item.label}
          </button>
        ))}
      </div>
    </span>
  );
}

const confirmTitles: Record<ProofAction, (method: TwoFactorMethod) => string> = {
  disable: (method) => `Disable ${methodNames[method]}`,
  regenerate: () => 'Generate new recovery codes',
  switch: (method) => `Switch to ${methodNames[method]}`,
};

/**
 * The confirm step before Disable, new recovery codes or a switch of method (issue 26): the current
 * password and a code prove the owner is at the keyboard; a wrong one shows under its field.
 */
function ConfirmStep({ store, methods }: Props) {
  const { profile } = useStore(store.$profile);
  const state = useStore(methods.$methods);
  const [sendingCode, setSendingCode] = useState(false);
  if (!state.confirm) return null;
  const { action, method } = state.confirm;
  const busy = state.running !== null;
  return (
    <Modal
      open
      title={confirmTitles[action](method)}
      busy={busy}
      dismissable={!busy}
      onClose={() => methods.cancelConfirm()}
    >
      <form
        className="profile__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void methods.confirmProof(saveTextFile);
        }}
      >
        <p>
          {action === 'switch'
            ? switchMethodQuestions[method]
            : 'To confirm it is you, enter your current password and a verification code.'}
        </p>
        <ReauthFields
          value={state.proof}
          errors={state.proofErrors}
          twoFA={profile?.twoFA ?? { totp: false, email: false }}
          sendingCode={sendingCode}
          onSendCode={() => {
            setSendingCode(true);
            void store.sendReauthCode().finally(() => setSendingCode(false));
          }}
          onChange={(field, value) => methods.setProof(field, value)}
        />
        <div className="profile__actions">
          <Button type="submit" variant={action === 'disable' ? 'danger' : 'primary'} loading={busy}>
            Confirm
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => methods.cancelConfirm()}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
