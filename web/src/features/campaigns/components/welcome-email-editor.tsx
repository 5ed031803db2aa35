import { campaignInputSchema } from '@contracts/campaigns';
import {
  WELCOME_EMAIL_PATH,
  WELCOME_TEXTS,
  type WelcomeEmail,
  type WelcomeEmailFields,
  type WelcomeEmailInput,
  welcomeEmailInputSchema,
} from '@contracts/newsletter-welcome';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { TextareaField, TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useServerForm } from '../../../components/ui/use-server-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveWelcomeEmail, useSendWelcomeTest, useWelcomeEmail } from '../api/welcome-email';
import { CampaignPreviewPanel } from './campaign-preview-panel';
import './campaigns.css';

const BODY_HINT =
  'Markdown, as in a newsletter: ## Heading, **bold**, [link text](https://…), - list item. ' +
  'The unsubscribe link and the postal address are added below it.';

/** `/newsletters/welcome`: the welcome e-mail, once the server has said what it is now. */
export function WelcomeEmailScreen() {
  const welcome = useWelcomeEmail();
  if (welcome.isPending) return <SkeletonBlock label="Loading the welcome e-mail" />;
  if (welcome.isError) return <QueryErrorAlert query={welcome} />;
  return <WelcomeEmailEditor welcome={welcome.data} />;
}

/**
 * The e-mail each new subscriber gets once, on confirming: the switch, the subject and the Markdown
 * body beside the live preview of the real e-mail; a test of the text as written goes to the signed-in
 * admin. Each says it succeeded only once the server accepted, else the server's message.
 */
export function WelcomeEmailEditor({ welcome }: { welcome: WelcomeEmail }) {
  const idPrefix = useId();
  const save = useSaveWelcomeEmail();
  const sendTest = useSendWelcomeTest();
  const server = useServerForm<WelcomeEmailInput, WelcomeEmailFields, WelcomeEmail>({
    schema: welcomeEmailInputSchema,
    defaultValues: { enabled: welcome.enabled, subject: welcome.subject, body: welcome.body },
    submit: (values) => save.mutateAsync(values),
    successMessage: WELCOME_TEXTS.saved,
    onSuccess: (saved) => {
      form.reset({ enabled: saved.enabled, subject: saved.subject, body: saved.body });
    },
  });
  const { form, fields } = server;
  const { isDirty } = form.formState;
  const [subject, body] = useWatch({ control: form.control, name: ['subject', 'body'] });

  const onSendTest = async () => {
    const valid = await form.trigger(['subject', 'body']);
    if (!valid) return;
    const input = campaignInputSchema.parse({ subject, body });
    try {
      toast.success((await sendTest.mutateAsync(input)).message);
    } catch (error) {
      toast.error(errorMessage(error));
      if (error instanceof ApiError) {
        for (const name of ['subject', 'body'] as const) {
          const message = error.fields[name];
          if (message) form.setError(name, { message });
        }
      }
    }
  };

  return (
    <div className="campaign-editor">
      <div className="campaign-editor__write">
        <ServerFormElement className="card campaign-form" server={server}>
          <label className="welcome-email__switch" htmlFor={`${idPrefix}-enabled`}>
            <input id={`${idPrefix}-enabled`} type="checkbox" {...form.register('enabled')} /> Send
            the welcome e-mail to each new subscriber
          </label>
          <TextField form={fields} name="subject" id={`${idPrefix}-subject`} label="Subject" />
          <TextareaField
            form={fields}
            name="body"
            id={`${idPrefix}-body`}
            label="Body"
            hint={BODY_HINT}
            rows={14}
            spellCheck
            controlClassName="campaign-form__body"
          />
          <div className="campaign-actions">
            <Button type="submit" isLoading={server.isSubmitting} loadingText="Saving…">
              Save
            </Button>
            <Button
              variant="secondary"
              onClick={() => void onSendTest()}
              disabled={server.isSubmitting}
              isLoading={sendTest.isPending}
              loadingText="Sending the test…"
            >
              Send test to me
            </Button>
            {isDirty && <span className="campaign-form__unsaved">Unsaved changes</span>}
          </div>
          <p className="welcome-email__note">
            Each subscriber gets it once, when they confirm their subscription (not again after an
            unsubscribe and a new sign-up). The test goes to your own address, marked [Test].
          </p>
        </ServerFormElement>
      </div>
      <CampaignPreviewPanel
        subject={subject}
        body={body}
        previewPath={`${WELCOME_EMAIL_PATH}/preview`}
      />
    </div>
  );
}
