/**
 * The intake questionnaire's rules without a server: a form definition (the contract's schema, the
 * same the builder and PUT /api/admin/intake-forms use) and the answers to it (checkAnswers, as
 * POST /api/orders/{id}/intake runs it), each refusal naming its field.
 */
import { describe, expect, it } from '@jest/globals';
import { type IntakeField, intakeFormInputSchema } from '../../src/contracts/intake.js';
import { checkAnswers } from '../../src/modules/intake/domain/intake-answers.js';
import { DEMO_QUESTIONNAIRE } from '../../src/modules/intake/domain/demo-questionnaire.js';

const FILE = '6a1f0c52-4a1e-4c1b-9d1e-0f7a2b3c4d5e';
const field = (extra: Partial<IntakeField> & Pick<IntakeField, 'key' | 'type'>): IntakeField => ({
  label: extra.key,
  required: false,
  help: '',
  options: [],
  ...extra,
});
const FORM: IntakeField[] = [
  field({ key: 'site', type: 'url', required: true }),
  field({ key: 'mail', type: 'email' }),
  field({ key: 'pages', type: 'number' }),
  field({ key: 'goal', type: 'select', options: ['Traffic', 'Leads'] }),
  field({ key: 'channels', type: 'multiSelect', options: ['Web', 'Maps', 'Ads'] }),
  field({ key: 'consent', type: 'checkbox', required: true }),
  field({ key: 'brief', type: 'file' }),
  field({ key: 'name', type: 'shortText' }),
];

const issuesOf = (input: unknown) => {
  const result = intakeFormInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('a questionnaire definition', () => {
  it('takes the demo questionnaire as it is', () => {
    const result = intakeFormInputSchema.safeParse({ fields: DEMO_QUESTIONNAIRE });
    expect(result.success).toBe(true);
    expect(result.data?.fields).toStrictEqual(DEMO_QUESTIONNAIRE);
  });

  it('names the field of each mistake', () => {
    const site = { key: 'site', type: 'url', label: 'Site' };
    expect(issuesOf({ fields: [{ ...site, label: '' }] })).toEqual(['fields.0.label']);
    expect(issuesOf({ fields: [site, site] })).toEqual(['fields.1.key']);
    expect(issuesOf({ fields: [{ ...site, type: 'select' }] })).toEqual(['fields.0.options']);
    expect(issuesOf({ fields: [{ ...site, type: 'multiSelect', options: ['A', 'A'] }] })).toEqual([
      'fields.0.options',
    ]);
    expect(issuesOf({ fields: [{ ...site, key: '1st' }] })).toEqual(['fields.0.key']);
    expect(issuesOf({ fields: [{ ...site, extra: true }] })).toEqual(['fields.0']);
    expect(
      issuesOf({ fields: Array.from({ length: 51 }, (_, i) => ({ ...site, key: `f${i}` })) }),
    ).toEqual(['fields']);
  });
});

describe('the answers to a questionnaire', () => {
  const owned = new Set([FILE]);

  it('keeps valid answers, cleaned: trimmed text, numbers, options in the form’s order', () => {
    const checked = checkAnswers(
      FORM,
      {
        site: ' https://example.com ',
        mail: 'ada@example.com',
        pages: '12',
        goal: 'Leads',
        channels: ['Ads', 'Web', 'Ads'],
        consent: true,
        brief: [FILE.toUpperCase()],
        name: '',
      },
      owned,
    );
    expect(checked).toStrictEqual({
      ok: true,
      answers: {
        site: 'https://example.com',
        mail: 'ada@example.com',
        pages: 12,
        goal: 'Leads',
        channels: ['Web', 'Ads'],
        consent: true,
        brief: [FILE],
      },
    });
  });

  it('refuses each bad answer under answers.<key>, and a key the form does not ask', () => {
    const checked = checkAnswers(
      FORM,
      {
        site: 'javascript:alert(1)',
        mail: 'nope',
        pages: 'many',
        goal: 'Fame',
        channels: ['Radio'],
        consent: false,
        brief: ['6a1f0c52-4a1e-4c1b-9d1e-000000000000'],
        name: 'x'.repeat(201),
        other: 'x',
      },
      owned,
    );
    expect(checked.ok).toBe(false);
    expect(Object.keys(checked.ok ? {} : checked.errors).sort()).toStrictEqual(
      [
        'answers.brief',
        'answers.channels',
        'answers.consent',
        'answers.goal',
        'answers.mail',
        'answers.name',
        'answers.other',
        'answers.pages',
        'answers.site',
      ].sort(),
    );
  });

  it('asks for required answers, and takes a wrong type as a wrong answer, not a crash', () => {
    const checked = checkAnswers(FORM, { site: null, consent: 'yes', pages: [1] } as never, owned);
    expect(checked).toStrictEqual({
      ok: false,
      errors: {
        'answers.site': 'site is Required',
        'answers.consent': 'consent must be true or false',
        'answers.pages': 'pages must be a number',
      },
    });
  });
});
