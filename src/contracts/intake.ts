import { z } from 'zod';
import { storableString } from './text-fields.js';

/**
 * The intake questionnaire: one form per pricing package, built by the admins, answered by the
 * customer once the order is paid (until then the order's stage is "Waiting for your details").
 * Every save of a form is a new immutable version; answers are kept with the version they answered.
 *
 * Admin:    GET  /api/admin/intake-forms                        → IntakeFormPackage[] (every package)
 *           GET  /api/admin/intake-forms/{packageId}            → IntakeFormState
 *           PUT  /api/admin/intake-forms/{packageId}            → IntakeFormVersion (a new version) | 400
 *           GET  /api/admin/intake-forms/{packageId}/versions   → IntakeFormVersion[] (newest first)
 *           POST /api/admin/intake-forms/{packageId}/versions/{versionId}/restore → IntakeFormVersion
 *           GET  /api/admin/orders/{id}/intake                  → OrderIntake (with every submission)
 *           PUT  /api/admin/orders/{id}/intake                  → OrderIntake (answered for the customer)
 * Customer: GET  /api/orders/{id}/intake                        → OrderIntake
 *           POST /api/orders/{id}/intake                        → OrderIntake | 400 naming each field | 409
 */

export const INTAKE_FIELD_TYPES = [
  'shortText',
  'longText',
  'url',
  'email',
  'number',
  'select',
  'multiSelect',
  'checkbox',
  'file',
] as const;
export type IntakeFieldType = (typeof INTAKE_FIELD_TYPES)[number];

/** What the admin screen calls each type. */
export const INTAKE_FIELD_TYPE_LABELS: Record<IntakeFieldType, string> = {
  shortText: 'Short text',
  longText: 'Long text',
  url: 'URL',
  email: 'E-mail',
  number: 'Number',
  select: 'Select (one option)',
  multiSelect: 'Multi-select (several options)',
  checkbox: 'Checkbox',
  file: 'File upload',
};

/** The types that take options. */
export const hasOptions = (type: IntakeFieldType): boolean =>
  type === 'select' || type === 'multiSelect';

export const INTAKE_LIMITS = {
  fields: 50,
  labelLength: 200,
  helpLength: 500,
  keyLength: 40,
  options: 50,
  optionLength: 100,
  /** The longest answer of each text type, in characters. */
  shortText: 200,
  longText: 5000,
  url: 2048,
  email: 254,
  /** Files per file field. */
  files: 10,
  /** The largest number a number field takes (either sign). */
  number: 1_000_000_000_000,
} as const;

/** Versions listed by GET …/versions (newest first). */
export const INTAKE_VERSIONS_LISTED = 100;

const FIELD_KEY = /^[a-z][a-zA-Z0-9_]*$/;

export const INTAKE_TEXTS = {
  saved: 'The questionnaire is saved',
  restored: (version: number) => `Version ${version} is restored as the newest version`,
  submitted: 'Thank you: your details are sent',
  submittedForCustomer: 'The answers are saved for the customer',
  packageMissing: 'No such package.',
  versionMissing: 'No such version of this questionnaire.',
  noForm: 'This package has no questions to answer.',
  staleForm: 'The questions changed meanwhile: reload the page to answer the newest ones.',
  duplicateKey: 'Another field has the same key',
  needsOptions: 'A select field needs at least one option',
  duplicateOption: 'Each option can be given once',
  notAFile: 'Not a file uploaded for this order',
  timelineSubmitted: 'Sent the project details',
  timelineCorrected: 'Corrected the project details',
  timelineByAdmin: 'Project details filled in for the customer',
  timelineNoQuestions: 'Work started (no questions to answer)',
} as const;

/** One question of a form; its place in `fields` is its order. */
export const intakeFieldSchema = z
  .object({
    /** Names the answer (`answers[key]`); unique within the form. */
    key: z
      .string({ error: 'Key is Required' })
      .trim()
      .min(1, { error: 'Key is Required', abort: true })
      .max(INTAKE_LIMITS.keyLength, {
        error: `Key must be at most ${INTAKE_LIMITS.keyLength} characters`,
      })
      .regex(FIELD_KEY, {
        error: 'Key must start with a lower-case letter and hold only letters, digits and _',
      }),
    type: z.enum(INTAKE_FIELD_TYPES, {
      error: `Type must be one of ${INTAKE_FIELD_TYPES.join(', ')}`,
    }),
    label: storableString('Label', 'Label is Required')
      .trim()
      .min(1, { error: 'Label is Required', abort: true })
      .max(INTAKE_LIMITS.labelLength, {
        error: `Label must be at most ${INTAKE_LIMITS.labelLength} characters`,
      }),
    required: z.boolean({ error: 'Required must be true or false' }).default(false),
    help: storableString('Help text')
      .trim()
      .max(INTAKE_LIMITS.helpLength, {
        error: `Help text must be at most ${INTAKE_LIMITS.helpLength} characters`,
      })
      .default(''),
    /** For select and multi-select: the choices, in their order. */
    options: z
      .array(
        storableString('Option')
          .trim()
          .min(1, { error: 'An option cannot be empty', abort: true })
          .max(INTAKE_LIMITS.optionLength, {
            error: `An option can be at most ${INTAKE_LIMITS.optionLength} characters`,
          }),
        { error: 'Options must be a list' },
      )
      .max(INTAKE_LIMITS.options, { error: `At most ${INTAKE_LIMITS.options} options` })
      .default([]),
  })
  .strict()
  .meta({ id: 'IntakeField' });
export type IntakeField = z.infer<typeof intakeFieldSchema>;
export type IntakeFieldInput = z.input<typeof intakeFieldSchema>;

/** A form as an admin saves it: its questions in order (none: the package asks nothing). */
export const intakeFormInputSchema = z
  .object({
    fields: z
      .array(intakeFieldSchema, { error: 'Fields must be a list' })
      .max(INTAKE_LIMITS.fields, { error: `A form has at most ${INTAKE_LIMITS.fields} fields` }),
  })
  .strict()
  .superRefine(({ fields }, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'key'],
          message: INTAKE_TEXTS.duplicateKey,
        });
      }
      seen.add(field.key);
      if (hasOptions(field.type)) {
        if (field.options.length === 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['fields', index, 'options'],
            message: INTAKE_TEXTS.needsOptions,
          });
        } else if (new Set(field.options).size !== field.options.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['fields', index, 'options'],
            message: INTAKE_TEXTS.duplicateOption,
          });
        }
      }
    });
  })
  // Options belong to the select types only: anything else's are dropped.
  .transform(({ fields }) => ({
    fields: fields.map((field) => ({
      ...field,
      options: hasOptions(field.type) ? field.options : [],
    })),
  }))
  .meta({ id: 'IntakeFormInput' });
export type IntakeFormInput = z.output<typeof intakeFormInputSchema>;
export type IntakeFormInputValues = z.input<typeof intakeFormInputSchema>;

/** One saved version of a package's form: never changed once saved. */
export const intakeFormVersionSchema = z
  .object({
    id: z.uuid(),
    packageId: z.uuid(),
    /** 1, 2, 3… per package. */
    version: z.number().int(),
    fields: z.array(intakeFieldSchema),
    /** The admin who saved it; null for the demo content. */
    savedBy: z.string().nullable(),
    savedAt: z.iso.datetime(),
  })
  .meta({ id: 'IntakeFormVersion' });
export type IntakeFormVersion = z.infer<typeof intakeFormVersionSchema>;

/** A pricing package and where its form stands (the admin list). */
export const intakeFormPackageSchema = z
  .object({
    packageId: z.uuid(),
    packageName: z.string(),
    /** The package's delivery time in days (its pricing entry's), when it names one. */
    deliveryDays: z.number().int().nullable(),
    /** The newest version's number; null: never saved. */
    version: z.number().int().nullable(),
    /** Questions in the newest version (0: the work starts at once after payment). */
    fieldCount: z.number().int(),
    savedBy: z.string().nullable(),
    savedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'IntakeFormPackage' });
export type IntakeFormPackage = z.infer<typeof intakeFormPackageSchema>;
export const intakeFormPackageListSchema = z
  .array(intakeFormPackageSchema)
  .meta({ id: 'IntakeFormPackageList' });

/** One package's form for its editor: the package and its newest version (none yet: null). */
export const intakeFormStateSchema = z
  .object({
    packageId: z.uuid(),
    packageName: z.string(),
    deliveryDays: z.number().int().nullable(),
    current: intakeFormVersionSchema.nullable(),
  })
  .meta({ id: 'IntakeFormState' });
export type IntakeFormState = z.infer<typeof intakeFormStateSchema>;

export const intakeFormVersionListSchema = z
  .array(intakeFormVersionSchema)
  .meta({ id: 'IntakeFormVersionList' });

/**
 * An answer: text (short/long text, URL, e-mail, select), a number, a boolean (checkbox), or a list
 * (multi-select options; file: ids of files uploaded for the order by POST /api/orders/{id}/files).
 */
export const intakeAnswerSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
]);
export type IntakeAnswer = z.infer<typeof intakeAnswerSchema>;

export const intakeAnswersInputSchema = z
  .object({
    /** `{ [fieldKey]: value }`; an optional question left out or empty is not answered. */
    answers: z.record(z.string(), intakeAnswerSchema.nullable(), {
      error: 'Answers must be an object of field keys and values',
    }),
    /** The version answered (as GET …/intake gave it): a newer one is a 409, never answered blindly. */
    formVersionId: z.uuid().optional(),
  })
  .strict()
  .meta({ id: 'IntakeAnswersInput' });
export type IntakeAnswersInput = z.infer<typeof intakeAnswersInputSchema>;

/** A file given as an answer, as its customer and the admins see it. */
export const intakeFileSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'IntakeFile' });
export type IntakeFile = z.infer<typeof intakeFileSchema>;

/** One submission of the answers (the newest wins; the admins see each). */
export const intakeSubmissionSchema = z
  .object({
    id: z.uuid(),
    /** The version answered, with its questions as they were then. */
    form: intakeFormVersionSchema,
    answers: z.record(z.string(), intakeAnswerSchema),
    /** The files the answers name (file fields hold their ids). */
    files: z.array(intakeFileSchema),
    submittedAt: z.iso.datetime(),
    submittedBy: z.enum(['customer', 'admin']),
    /** The admin who answered for the customer (admins only; null for customers). */
    submittedByEmail: z.string().nullable(),
  })
  .meta({ id: 'IntakeSubmission' });
export type IntakeSubmission = z.infer<typeof intakeSubmissionSchema>;

/** An order's questionnaire: the form to answer (the package's newest) and the answers given. */
export const orderIntakeSchema = z
  .object({
    orderId: z.uuid(),
    /** The newest version of the package's form; null when the package asks nothing. */
    form: intakeFormVersionSchema.nullable(),
    /** The newest submission; null until the answers are sent. */
    submission: intakeSubmissionSchema.nullable(),
    /** Every submission, newest first (admins only; empty for customers). */
    history: z.array(intakeSubmissionSchema),
  })
  .meta({ id: 'OrderIntake' });
export type OrderIntake = z.infer<typeof orderIntakeSchema>;

/** The e-mail asking for the details after the payment. */
export interface IntakeRequestMailProps {
  orderId: string;
  packageName: string;
  packagePrice: string;
  customerName: string;
  customerEmail: string;
  orderDate: string;
  /** The order page, where the questions are. */
  orderUrl: string;
}
