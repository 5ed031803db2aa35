import type { IntakeField } from '../../../contracts/intake.js';

/** What the demo content's packages ask after the payment: the basics of an SEO engagement. */
export const DEMO_QUESTIONNAIRE: IntakeField[] = [
  {
    key: 'siteUrl',
    type: 'url',
    label: 'Your website’s address',
    required: true,
    help: 'The site we work on, e.g. https://www.example.com',
    options: [],
  },
  {
    key: 'targetKeywords',
    type: 'longText',
    label: 'Target keywords',
    required: true,
    help: 'The searches you want to be found for, one per line.',
    options: [],
  },
  {
    key: 'competitors',
    type: 'longText',
    label: 'Main competitors',
    required: false,
    help: 'Their websites, one per line: we compare your rankings with theirs.',
    options: [],
  },
  {
    key: 'targetMarket',
    type: 'shortText',
    label: 'Target country and language',
    required: true,
    help: 'Where your customers search, e.g. United States, English.',
    options: [],
  },
  {
    key: 'searchConsoleAccess',
    type: 'checkbox',
    label: 'I have given the agency access to Google Search Console',
    required: false,
    help: 'Add our e-mail address as a user of your Search Console property (read access is enough).',
    options: [],
  },
  {
    key: 'earlierReports',
    type: 'file',
    label: 'Earlier SEO reports or analytics exports',
    required: false,
    help: 'An old audit, a Search Console or Analytics export (PDF, CSV, images, Office files).',
    options: [],
  },
  {
    key: 'notes',
    type: 'longText',
    label: 'Anything else we should know',
    required: false,
    help: 'Past SEO work, deadlines, pages that matter most…',
    options: [],
  },
];
