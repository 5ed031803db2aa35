import { CAMPAIGN_TEXTS } from '@contracts/campaigns';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSendCampaign } from '../api/send-campaign';
import { useSendTestCampaign } from '../api/send-test-campaign';
import { isoToLocalInput, localInputToIso } from '../../../lib/local-time';
import './campaigns.css';

export interface CampaignSendPanelProps {
  /** Saves the editor's text first when needed: the draft's id, or null when it was not saved. */
  ensureSaved: () => Promise<string | null>;
  /** The editor is busy (saving, deleting). */
  disabled: boolean;
}

/**
 * A draft's ways out: a test to the signed-in admin, sending now (confirmed first) or at a chosen time.
 * Uses `mutateAsync`: after the first save of a new draft the page moves to the draft's address, and
 * the answer is still reported.
 */
export function CampaignSendPanel({ ensureSaved, disabled }: CampaignSendPanelProps) {
  const idPrefix = useId();
  const sendTest = useSendTestCampaign();
  const send = useSendCampaign();
  const { confirm, dialog } = useConfirm();
  const [sendAt, setSendAt] = useState('');
  const [sendAtError, setSendAtError] = useState<string | null>(null);
  const busy = disabled || sendTest.isPending || send.isPending;

  /** Toasts the success text once the server accepted, else the server's message. */
  const report = async (accepted: Promise<string>) => {
    try {
      toast.success(await accepted);
    } catch (error) {
      toast.error(errorMessage(error));
      if (error instanceof ApiError && error.fields.sendAt) setSendAtError(error.fields.sendAt);
    }
  };

  const onSendTest = async () => {
    const id = await ensureSaved();
    if (!id) return;
    await report(sendTest.mutateAsync(id).then((notice) => notice.message));
  };

  const onSendNow = async () => {
    const confirmed = await confirm({
      title: 'Send this newsletter now?',
      message: 'It goes to every confirmed subscriber at once. Unsaved changes are saved first.',
      confirmLabel: 'Send now',
    });
    if (!confirmed) return;
    const id = await ensureSaved();
    if (!id) return;
    // The server may answer 'scheduled' for a moment, until the start job picks it up.
    await report(send.mutateAsync({ id, sendAt: null }).then(() => CAMPAIGN_TEXTS.sending));
  };

  const onSchedule = async (event: FormEvent) => {
    event.preventDefault();
    const iso = localInputToIso(sendAt);
    if (!iso) return setSendAtError('Choose a date and time');
    if (Date.parse(iso) <= Date.now()) return setSendAtError(CAMPAIGN_TEXTS.sendAtPast);
    setSendAtError(null);
    const id = await ensureSaved();
    if (!id) return;
    await report(send.mutateAsync({ id, sendAt: iso }).then(() => CAMPAIGN_TEXTS.scheduled));
  };

  return (
    <section className="card campaign-send" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>Send</h2>
      <div className="campaign-actions">
        <Button
          variant="secondary"
          onClick={() => void onSendTest()}
          disabled={busy}
          isLoading={sendTest.isPending}
          loadingText="Sending the test…"
        >
          Send test to me
        </Button>
        <Button
          onClick={() => void onSendNow()}
          disabled={busy}
          isLoading={send.isPending && send.variables.sendAt === null}
          loadingText="Sending…"
        >
          Send now
        </Button>
      </div>
      <form className="campaign-schedule" onSubmit={(event) => void onSchedule(event)} noValidate>
        <FormField
          id={`${idPrefix}-send-at`}
          label="Send at"
          hint="Your own time zone."
          error={sendAtError ?? undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={sendAt}
              min={isoToLocalInput(new Date())}
              onChange={(event) => {
                setSendAt(event.target.value);
                setSendAtError(null);
              }}
            />
          )}
        </FormField>
        <Button
          type="submit"
          variant="secondary"
          disabled={busy}
          isLoading={send.isPending && send.variables.sendAt !== null}
          loadingText="Scheduling…"
        >
          Schedule
        </Button>
      </form>
      {dialog}
    </section>
  );
}
