import {
  type Campaign,
  type CampaignFields,
  type CampaignInput,
  campaignInputSchema,
  CAMPAIGN_TEXTS,
} from '@contracts/campaigns';
import { useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { TextareaField, TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { useServerForm } from '../../../components/ui/use-server-form';
import { errorMessage } from '../../../lib/api-client';
import { useCreateCampaign } from '../api/create-campaign';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useUpdateCampaign } from '../api/update-campaign';
import { CampaignPreviewPanel } from './campaign-preview-panel';
import { CampaignSendPanel } from './campaign-send-panel';
import './campaigns.css';

const EMPTY_CAMPAIGN: CampaignInput = { subject: '', body: '' };

const BODY_HINT =
  'Markdown: ## Heading, **bold**, [link text](https://…), - list item. HTML is shown as text.';

/**
 * A new newsletter or a draft: subject and Markdown body beside the live preview of the e-mail. Save
 * draft creates it (then the page moves to its address) or replaces it; the send panel saves first
 * whatever is not saved yet.
 */
export function CampaignEditor({
  campaign,
  canSend = true,
}: {
  campaign?: Campaign;
  /** Sending and scheduling: an admin's (an editor writes, previews and tries the campaign). */
  canSend?: boolean;
}) {
  const idPrefix = useId();
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const update = useUpdateCampaign(campaign?.id ?? '');
  const remove = useDeleteCampaign(campaign?.id ?? '');
  const server = useServerForm<CampaignInput, CampaignFields, Campaign>({
    schema: campaignInputSchema,
    defaultValues: campaign ? { subject: campaign.subject, body: campaign.body } : EMPTY_CAMPAIGN,
    submit: (values) => (campaign ? update.mutateAsync(values) : create.mutateAsync(values)),
    successMessage: campaign ? CAMPAIGN_TEXTS.saved : CAMPAIGN_TEXTS.created,
    onSuccess: (saved, values) => {
      lastSaved.current = saved;
      form.reset(values);
      if (!campaign)
        void navigate(`/newsletters/${encodeURIComponent(saved.id)}`, { replace: true });
    },
  });
  const { confirm, dialog } = useConfirm();
  const lastSaved = useRef<Campaign | null>(null);
  const { form, fields } = server;
  const { control } = form;
  const { isDirty } = form.formState;
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });

  const ensureSaved = async (): Promise<string | null> => {
    if (campaign && !isDirty) return campaign.id;
    lastSaved.current = null;
    await server.onSubmit();
    return savedId();
  };
  // Read after the save: `onSuccess` set it meanwhile (or not, when the save failed).
  const savedId = () => lastSaved.current?.id ?? null;

  const onDelete = async () => {
    if (!campaign) return;
    const confirmed = await confirm({
      title: `Delete the draft “${campaign.subject}”?`,
      message: 'It cannot be brought back.',
      confirmLabel: 'Delete draft',
    });
    if (!confirmed) return;
    try {
      const notice = await remove.mutateAsync();
      toast.success(notice.message);
      void navigate('/newsletters');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="campaign-editor">
      <div className="campaign-editor__write">
        <ServerFormElement className="card campaign-form" server={server}>
          <TextField form={fields} name="subject" id={`${idPrefix}-subject`} label="Subject" />
          <TextareaField
            form={fields}
            name="body"
            id={`${idPrefix}-body`}
            label="Body"
            hint={BODY_HINT}
            rows={18}
            spellCheck
            controlClassName="campaign-form__body"
          />
          <div className="campaign-actions">
            <Button type="submit" isLoading={server.isSubmitting} loadingText="Saving…">
              Save draft
            </Button>
            {campaign && (
              <Button
                variant="ghost"
                onClick={() => void onDelete()}
                disabled={server.isSubmitting}
                isLoading={remove.isPending}
                loadingText="Deleting…"
              >
                Delete draft
              </Button>
            )}
            {isDirty && <span className="campaign-form__unsaved">Unsaved changes</span>}
          </div>
        </ServerFormElement>
        {canSend ? (
          <CampaignSendPanel
            ensureSaved={ensureSaved}
            disabled={server.isSubmitting || remove.isPending}
          />
        ) : (
          <p>An admin sends or schedules it: save it and tell them it is ready.</p>
        )}
      </div>
      <CampaignPreviewPanel subject={subject} body={body} />
      {dialog}
    </div>
  );
}
