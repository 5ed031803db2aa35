import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  INTAKE_TEXTS,
  type IntakeAnswer,
  type IntakeAnswersInput,
  type IntakeField,
  type IntakeFile,
  type IntakeSubmission,
  type OrderIntake,
} from '../../../contracts/intake.js';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import { ValidationFailedException } from '../../../platform/http/validation.js';
import {
  type OrderActor,
  orderPayload,
  OrderTransitions,
  recordOrderActivity,
} from '../../orders/index.js';
import { IntakeSubmitted } from './intake.events.js';
import { checkAnswers, fileIdsOf } from './intake-answers.js';
import { asksQuestions, latestForm } from './intake-forms.js';
import { PricingPackages } from './pricing-packages.js';

/** Who reads an order's questionnaire: its customer (by e-mail) or an admin. */
export interface IntakeReader {
  email: string;
  isAdmin: boolean;
}

interface SubmissionRow {
  id: string;
  answers: Record<string, IntakeAnswer>;
  submitted_at: Date | string;
  submitted_by: 'customer' | 'admin';
  submitted_by_email: string | null;
  form_id: string;
  package_id: string;
  version: number;
  fields: IntakeField[];
  saved_by: string | null;
  saved_at: Date | string;
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** The files of `orderId` among `ids` (order attachments: uploaded for the order, by anyone). */
async function orderFiles(
  em: EntityManager,
  orderId: string,
  ids: readonly string[],
): Promise<IntakeFile[]> {
  if (ids.length === 0) return [];
  const rows = await em.execute<
    { id: string; filename: string; content_type: string; size: number }[]
  >(
    `select id, filename, content_type, size from stored_file
      where order_id = ? and kind = 'order-attachment' and id in (${placeholders(ids)})`,
    [orderId, ...ids],
  );
  return rows.map((row) => ({
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    size: Number(row.size),
  }));
}

/**
 * An order's questionnaire: read by its customer or an admin; answered (again) by the customer or by
 * an admin for them, through OrderTransitions: the answers, the order's move to In progress with its
 * due date and the timeline's entry commit together, or nothing does.
 */
@Injectable()
export class OrderIntakes {
  constructor(
    private readonly em: EntityManager,
    private readonly transitions: OrderTransitions,
    private readonly packages: PricingPackages,
  ) {}

  async read(orderId: string, reader: IntakeReader): Promise<OrderIntake> {
    const em = this.em.fork();
    const [order] = await em.execute<{ package_id: string }[]>(
      `select package_id from "order" where id = ? and (?::boolean or customer_email = lower(?))`,
      [orderId, reader.isAdmin, reader.email],
    );
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    const rows = await em.execute<SubmissionRow[]>(
      `select s.id, s.answers, s.submitted_at, s.submitted_by, s.submitted_by_email,
              v.id as form_id, v.package_id, v.version, v.fields, v.saved_by, v.saved_at
         from intake_submission s join intake_form_version v on v.id = s.form_version_id
        where s.order_id = ? order by s.submitted_at desc, s.id desc ${reader.isAdmin ? '' : 'limit 1'}`,
      [orderId],
    );
    const fileIds = [...new Set(rows.flatMap((row) => fileIdsOf(row.fields, row.answers)))];
    const files = await orderFiles(em, orderId, fileIds);
    const submissions = rows.map((row) => toSubmission(row, files, reader.isAdmin));
    const form = await latestForm(em, order.package_id);
    return {
      orderId,
      // The admin who saved it is the agency's business, not the customer's.
      form: asksQuestions(form) ? { ...form, savedBy: reader.isAdmin ? form.savedBy : null } : null,
      submission: submissions[0] ?? null,
      history: reader.isAdmin ? submissions : [],
    };
  }

  async submit(
    orderId: string,
    actor: OrderActor,
    input: IntakeAnswersInput,
  ): Promise<OrderIntake> {
    const packages = await this.packages.all();
    await this.transitions.run({
      orderId,
      actor,
      summary: 'Intake answers saved for the customer',
      apply: async (order, tx, at) => {
        const first = order.intakeSubmittedAt === null || order.intakeSubmittedAt === undefined;
        const days = packages.find((pkg) => pkg.id === order.packageId)?.deliveryDays ?? null;
        // Refused (409) unless paid and not completed; the due date counts from the first submission.
        order.submitIntake(at, days);
        const form = await latestForm(tx, order.packageId);
        if (!asksQuestions(form)) throw new ConflictException(INTAKE_TEXTS.noForm);
        if (input.formVersionId && input.formVersionId !== form.id) {
          throw new ConflictException(INTAKE_TEXTS.staleForm);
        }
        const named = fileIdsOf(form.fields, input.answers);
        const owned = new Set((await orderFiles(tx, order.id, named)).map((file) => file.id));
        const checked = checkAnswers(form.fields, input.answers, owned);
        if (!checked.ok) throw new ValidationFailedException(checked.errors);
        await tx.execute(
          `insert into intake_submission
             (id, order_id, form_version_id, answers, submitted_at, submitted_by, submitted_by_email)
           values (?, ?, ?, ?::jsonb, ?, ?, ?)`,
          [
            randomUUID(),
            order.id,
            form.id,
            JSON.stringify(checked.answers),
            at,
            actor.kind,
            actor.kind === 'admin' ? actor.email : null,
          ],
        );
        recordOrderActivity(tx, {
          orderId: order.id,
          kind: 'intake_submitted',
          actor: actor.kind,
          actorEmail: actor.kind === 'admin' ? actor.email : null,
          text:
            actor.kind === 'admin'
              ? INTAKE_TEXTS.timelineByAdmin
              : first
                ? INTAKE_TEXTS.timelineSubmitted
                : INTAKE_TEXTS.timelineCorrected,
          at,
        });
        // An admin's answers for the customer are their own doing: nobody to tell.
        return actor.kind === 'customer'
          ? [new IntakeSubmitted({ ...orderPayload(order), first })]
          : [];
      },
    });
    return this.read(orderId, {
      email: actor.email,
      isAdmin: actor.kind === 'admin',
    });
  }
}

function toSubmission(
  row: SubmissionRow,
  files: readonly IntakeFile[],
  forAdmin: boolean,
): IntakeSubmission {
  const named = new Set(fileIdsOf(row.fields, row.answers));
  return {
    id: row.id,
    form: {
      id: row.form_id,
      packageId: row.package_id,
      version: row.version,
      fields: row.fields,
      savedBy: forAdmin ? row.saved_by : null,
      savedAt: new Date(row.saved_at).toISOString(),
    },
    answers: row.answers,
    files: files.filter((file) => named.has(file.id)),
    submittedAt: new Date(row.submitted_at).toISOString(),
    submittedBy: row.submitted_by,
    submittedByEmail: forAdmin ? row.submitted_by_email : null,
  };
}
