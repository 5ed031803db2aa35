import { type StartSeoCheck, type StartSeoCheckInput } from '@contracts/seo-check';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { EmailField, TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormControls } from '../../../components/ui/form-controls';
import { useLightForm } from '../../../components/ui/use-light-form';
import { useStartSeoCheck } from '../api/seo-check';
import './seo-check.css';

type FieldName = 'url' | 'email';
const FIELD_NAMES: readonly FieldName[] = ['url', 'email'];

/** The schema, loaded when the visitor turns to the form (it brings zod). */
async function loadContract() {
  const { startSeoCheckSchema } = await import('@contracts/seo-check');
  return { schema: startSeoCheckSchema };
}

/**
 * The free SEO check's form: an address, an optional e-mail for the report's link, and the newsletter
 * box (unticked). Sent to POST /api/seo-check, then on to the check's own (shareable) page.
 */
export function SeoCheckForm() {
  const navigate = useNavigate();
  const idPrefix = useId();
  const mutation = useStartSeoCheck();
  const [subscribe, setSubscribe] = useState(false);
  const { formProps, fields, formError, isSubmitting } = useLightForm<
    StartSeoCheckInput,
    StartSeoCheck,
    { id: string }
  >({
    fields: FIELD_NAMES,
    load: loadContract,
    submit: (values) => mutation.mutateAsync({ ...values, subscribe }),
    onSuccess: (started) => navigate(`/seo-check/${started.id}`),
  });
  const bound = (name: FieldName) => ({ form: fields, name, id: `${idPrefix}-${name}` });

  return (
    <form className="seo-check-form" {...formProps} aria-busy={isSubmitting || undefined}>
      <FormControls>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          {...bound('url')}
          label="Page to check"
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
        />
        <EmailField
          {...bound('email')}
          label="Email"
          hint="Optional: we e-mail you the link to the report."
          optional
        />
        <label className="seo-check-form__consent" htmlFor={`${idPrefix}-subscribe`}>
          <input
            id={`${idPrefix}-subscribe`}
            type="checkbox"
            checked={subscribe}
            onChange={(event) => setSubscribe(event.target.checked)}
          />
          Also send me the newsletter
        </label>
        <Button type="submit" size="lg" isLoading={isSubmitting} loadingText="Starting…">
          Check my page
        </Button>
      </FormControls>
    </form>
  );
}
