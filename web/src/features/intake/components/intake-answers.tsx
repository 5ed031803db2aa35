import type { IntakeAnswer, IntakeField, IntakeSubmission } from '@contracts/intake';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One answer as plain text (never HTML): files are download links through the authorised route. */
function AnswerValue({
  field,
  value,
  submission,
}: {
  field: IntakeField;
  value: IntakeAnswer | undefined;
  submission: IntakeSubmission;
}) {
  if (field.type === 'checkbox') return <>{value === true ? 'Yes' : 'No'}</>;
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="intake-answers__none">Not answered</span>;
  }
  if (field.type === 'file' && Array.isArray(value)) {
    return (
      <ul className="intake-answers__files">
        {value.map((fileId) => {
          const file = submission.files.find((candidate) => candidate.id === fileId);
          return (
            <li key={fileId}>
              <a href={`/api/files/${encodeURIComponent(fileId)}`} download>
                {file?.filename ?? 'Download the file'}
              </a>
            </li>
          );
        })}
      </ul>
    );
  }
  if (Array.isArray(value)) return <>{value.join(', ')}</>;
  return <span className="intake-answers__text">{String(value)}</span>;
}

/** The answers of one submission, question by question, with when (and, for admins, by whom). */
export function IntakeAnswers({
  submission,
  viewer,
}: {
  submission: IntakeSubmission;
  viewer: 'customer' | 'admin';
}) {
  const by =
    submission.submittedBy === 'admin'
      ? viewer === 'admin'
        ? `by ${submission.submittedByEmail ?? 'an admin'} for the customer`
        : 'by the agency for you'
      : viewer === 'admin'
        ? 'by the customer'
        : '';
  return (
    <div className="intake-answers">
      <p className="intake-answers__meta">
        Sent {when(submission.submittedAt)} {by}
        {viewer === 'admin' && ` (questionnaire version ${submission.form.version})`}
      </p>
      <dl className="intake-answers__list">
        {submission.form.fields.map((field) => (
          <div key={field.key} className="intake-answers__item">
            <dt>{field.label}</dt>
            <dd>
              <AnswerValue
                field={field}
                value={submission.answers[field.key]}
                submission={submission}
              />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
