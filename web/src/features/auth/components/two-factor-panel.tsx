import { type Account, STAFF_AUTH_MESSAGES, type TwoFactorSetup } from '@contracts/identity';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmTwoFactor, useDisableTwoFactor, useSetUpTwoFactor } from '../api/two-factor';
import { QrCodeImage } from './qr-code-image';
import { CodeForm } from './two-factor-code-form';
import './two-factor-panel.css';

/** The secret as apps show it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

function Enrolment({
  setup,
  onDone,
}: {
  setup: TwoFactorSetup;
  onDone: (codes: string[]) => void;
}) {
  const confirm = useConfirmTwoFactor();
  return (
    <div className="two-factor__enrol">
      <p>
        Add this account to your authenticator app: scan the QR code, open the link below on your
        phone, or type the secret key in. It is shown only now.
      </p>
      <QrCodeImage text={setup.otpauthUri} label="QR code for your authenticator app" />
      <dl className="two-factor__secret">
        <div>
          <dt>Secret key</dt>
          <dd>
            <code data-testid="totp-secret">{grouped(setup.secret)}</code>
          </dd>
        </div>
        <div>
          <dt>Set-up link</dt>
          <dd>
            <a href={setup.otpauthUri} className="two-factor__uri">
              {setup.otpauthUri}
            </a>
          </dd>
        </div>
      </dl>
      <CodeForm
        send={(code) => confirm.mutateAsync({ code })}
        onSuccess={(result) => onDone(result.recoveryCodes)}
        intro="Then enter the 6-digit code the app shows, to check it works."
        submitLabel="Turn on two-factor sign-in"
        loadingText="Checking…"
      />
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="two-factor__codes">
      <Alert tone="success">{STAFF_AUTH_MESSAGES.twoFactorEnabled}</Alert>
      <p>
        Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ul className="two-factor__code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}

/**
 * A staff account's two-factor sign-in (TOTP) on the dashboard: set it up (the secret, a code to
 * confirm, then the recovery codes, each shown once), or turn it off with a code.
 */
export function TwoFactorPanel({ account }: { account: Account }) {
  const setUp = useSetUpTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = () =>
    setUp.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => toast.error(errorMessage(error)),
    });

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (account.twoFactorEnabled) {
    body = (
      <CodeForm
        send={(code) => disable.mutateAsync({ code })}
        onSuccess={(notice) => toast.success(notice.message)}
        intro="To turn it off, enter a code from your app (or a recovery code)."
        submitLabel="Turn off two-factor sign-in"
        loadingText="Checking…"
        recoveryCode
      />
    );
  } else if (setup) {
    body = (
      <Enrolment
        setup={setup}
        onDone={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
        }}
      />
    );
  } else {
    body = (
      <Button onClick={start} isLoading={setUp.isPending} loadingText="Starting…">
        Set up two-factor sign-in
      </Button>
    );
  }

  return (
    <section id="two-factor" className="card two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="account-panel__title">
        Two-factor sign-in{' '}
        {account.twoFactorEnabled ? (
          <Badge tone="success">On</Badge>
        ) : (
          <Badge tone="warning">Off</Badge>
        )}
      </h2>
      {account.twoFactorRequired && (
        <Alert tone="error">{STAFF_AUTH_MESSAGES.twoFactorRequired}</Alert>
      )}
      <p>After your password, sign-in asks for a code from an authenticator app on your phone.</p>
      {body}
    </section>
  );
}
