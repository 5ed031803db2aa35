import type { Order } from '@contracts/orders';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { type IntakeViewer, useOrderIntake } from '../api/intake';
import { IntakeAnswers } from './intake-answers';
import { IntakeAnswersForm } from './intake-answers-form';
import './intake.css';

/** Stages in which the answers may still be given or corrected (paid, not completed). */
const OPEN_STAGES: ReadonlySet<Order['stage']> = new Set([
  'awaiting_details',
  'in_progress',
  'delivered',
  'changes_requested',
]);

export interface IntakeSectionProps {
  order: Order;
  viewer: IntakeViewer;
}

/**
 * The order page's questionnaire. The customer answers it while the order waits for their details,
 * then sees the answers (with "Edit answers" until the order is completed); an admin sees the answers
 * and every earlier submission, and can fill them in or correct them for the customer.
 */
export function IntakeSection({ order, viewer }: IntakeSectionProps) {
  const intake = useOrderIntake(order._id, viewer);
  const [editing, setEditing] = useState(false);
  const headingId = `intake-heading-${order._id}`;

  if (order.stage === 'awaiting_payment' || order.stage === 'cancelled') return null;

  const body = () => {
    if (intake.isPending) return <SkeletonBlock label="Loading the questionnaire" />;
    if (intake.isError) return <QueryErrorAlert query={intake} title="The questionnaire" />;
    const { form, submission, history } = intake.data;
    const open = OPEN_STAGES.has(order.stage);
    const answering =
      form !== null &&
      open &&
      (editing ||
        (viewer === 'customer' && submission === null && order.stage === 'awaiting_details'));

    if (answering) {
      return (
        <>
          {viewer === 'customer' && submission === null && (
            <p>
              Before we start, tell us about your project. The work starts as soon as we have your
              answers.
            </p>
          )}
          <IntakeAnswersForm
            key={form.id}
            orderId={order._id}
            viewer={viewer}
            form={form}
            previous={submission}
            onDone={() => setEditing(false)}
            onCancel={submission || viewer === 'admin' ? () => setEditing(false) : undefined}
          />
        </>
      );
    }
    if (submission === null) {
      if (form === null) return <p>This package has no questions to answer.</p>;
      if (!open) return <p>No details were sent for this order.</p>;
      return (
        <>
          <p>
            {viewer === 'admin'
              ? 'The customer has not sent their details yet.'
              : 'Your details have not been sent yet.'}
          </p>
          {viewer === 'admin' && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Fill in for the customer
            </Button>
          )}
        </>
      );
    }
    return (
      <>
        <IntakeAnswers submission={submission} viewer={viewer} />
        {open && form !== null && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit answers
          </Button>
        )}
        {viewer === 'admin' && history.length > 1 && (
          <details className="intake-section__history">
            <summary>Earlier submissions ({history.length - 1})</summary>
            {history.slice(1).map((earlier) => (
              <IntakeAnswers key={earlier.id} submission={earlier} viewer={viewer} />
            ))}
          </details>
        )}
      </>
    );
  };

  return (
    <section className="card intake-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{viewer === 'admin' ? 'Project details' : 'Your project details'}</h2>
      {body()}
    </section>
  );
}
