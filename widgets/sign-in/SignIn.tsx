import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiFor } from '../../shared/api';
import { type CommonElementProps, useElementHost } from '../../shared/element';
import { portalPatterns } from '../../shared/portal/paths';
import { type AuthStatus, authStoreFor } from '../../shared/stores/auth';
import { session } from '../../shared/stores/session';
import { Button, Toaster } from '../../shared/ui';
import { ForgotPassword } from './ForgotPassword';
import { pageQuery } from './host-actions';
import { ResetPassword } from './ResetPassword';
import { SignInForm } from './SignInForm';
import { TwoFactorModal } from './TwoFactorModal';

export type SignInView = 'sign-in' | 'forgot' | 'reset';

export interface SignInProps extends CommonElementProps {
  /** `view`: `sign-in` (default), `forgot` or `reset`. */
  view?: string;
  /** `redirect`: where to go after sign-in (same-origin paths only); default the page's `?redirect=`. */
  redirect?: string;
}

/** The portal routes of spec §2 for each view, sent with `vendor-navigate`. */
const viewPaths: Record<SignInView, string> = {
  'sign-in': portalPatterns.signIn,
  forgot: portalPatterns.forgetPass,
  reset: portalPatterns.resetPassword,
};

/** The statuses that show the sign-in form. */
const formStatuses = new Set<AuthStatus>(['idle', 'signing-in']);

const toView = (value: string | undefined): SignInView =>
  value === 'forgot' || value === 'reset' ? value : 'sign-in';

/**
 * `<vendor-sign-in>`: sign-in with every 2FA step (authenticator, e-mail code, recovery code, forced
 * setup with recovery-code download), forgot password and reset password (spec §2, §4, §5).
 *
 * After sign-in it dispatches `vendor-signed-in`, then `vendor-navigate` with the destination (the
 * same-origin `redirect`, else the dashboard of the account type); unless a listener calls
 * `preventDefault()`, it goes there with `location.assign`. Links between its own views (forgot,
 * back to login) also dispatch `vendor-navigate` first and otherwise switch the view in place.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function SignIn({ apiBase, view: viewAttribute, redirect }: SignInProps) {
  const host = useElementHost();
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const store = useMemo(() => authStoreFor(api), [api]);
  const auth = useStore(store.$auth);
  const notice = useStore(session.$notice);
  const hasSession = useStore(session.$signedIn);
  const [view, setView] = useState<SignInView>(toView(viewAttribute));
  const announced = useRef(false);

  useEffect(() => setView(toView(viewAttribute)), [viewAttribute]);

  // Signed in: tell the page once, then go where the flow decided unless the page routes itself.
  useEffect(() => {
    if (auth.status !== 'signed-in' || !auth.signin || !auth.destination || announced.current) return;
    announced.current = true;
    host.emit('vendor-signed-in', auth.signin.user);
    if (host.announceNavigation(auth.destination)) globalThis.location.assign(auth.destination);
  }, [auth.status, auth.signin, auth.destination, host]);

  const goTo = (next: SignInView) => {
    if (host.announceNavigation(viewPaths[next])) setView(next);
  };

  const signOut = async () => {
    announced.current = false;
    await store.signOut();
    host.emit('vendor-signed-out', null);
  };

  const noticeText = notice && 'message' in notice ? notice.message : null;

  return (
    <div className="sign-in" data-view={view}>
      <Toaster />
      {view === 'forgot' && <ForgotPassword api={api} onBack={() => goTo('sign-in')} />}
      {view === 'reset' && (
        <ResetView
          api={api}
          onDone={() => {
            if (host.announceNavigation('/')) globalThis.location.assign('/');
          }}
          onBack={() => goTo('sign-in')}
        />
      )}
      {/* During a 2FA step only the modal shows: a form behind it would be unreachable anyway. */}
      {view === 'sign-in' && formStatuses.has(auth.status) && !(auth.status === 'idle' && hasSession) && (
        <SignInForm
          store={store}
          redirect={redirect ?? pageQuery('redirect')}
          notice={noticeText}
          onForgot={() => goTo('forgot')}
        />
      )}
      {/* Signed in by this form, or already when the page loaded (e.g. after the sign-in's reload). */}
      {view === 'sign-in' && (auth.status === 'signed-in' || (auth.status === 'idle' && hasSession)) && (
        <div className="sign-in__form" part="form">
          <p role="status">You are signed in.</p>
          <Button variant="secondary" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      )}
      <TwoFactorModal store={store} />
    </div>
  );
}

/** The reset form, or a clear message when the link lacks its key or user. */
function ResetView({
  api,
  onDone,
  onBack,
}: {
  api: ReturnType<typeof apiFor>;
  onDone: () => void;
  onBack: () => void;
}) {
  const key = pageQuery('key');
  const user = pageQuery('user');
  if (!key || !user) {
    return (
      <div className="sign-in__form" part="form">
        <h2 className="sign-in__title">Reset password</h2>
        <p className="sign-in__alert" role="alert">
          This password reset link is invalid or has expired.
        </p>
        <Button variant="secondary" onClick={onBack}>
          Back to Login
        </Button>
      </div>
    );
  }
  return <ResetPassword api={api} link={{ key, user }} onDone={onDone} />;
}
