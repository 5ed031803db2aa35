import { BILLING_OPTIONS } from '../subscriptions.js';
import { PUBLIC_PAGE_PATHS } from '../public-pages.js';
import type { FieldDef, FieldType } from './fields.js';

export type SectionKind = 'singleton' | 'collection';

/** The seed's paths for a section (spec §7), served under /api by the alias table. */
export interface SeedPaths {
  /** GET: the section's records. */
  readonly list?: string;
  /** POST: add a record. */
  readonly create?: string;
  /** GET one record; `{id}` is its _id. */
  readonly get?: string;
  /** PUT one record. */
  readonly update?: string;
}

/** The admin screens of a section (spec §2), generated from this entry. */
export interface SectionAdmin {
  /** The route listing the section (with its add form), e.g. `/edit-banner`. */
  readonly listPath: string;
  /** The edit route of one record, `{id}` replaced by its _id. */
  readonly editPath: string;
  /** Text of the link to the edit screen. */
  readonly editLinkText: string;
}

/** Success toasts (the seed's alert texts, trimmed). */
export interface SectionAlerts {
  readonly created: string;
  readonly updated: string;
  readonly deleted: string;
}

export interface SectionDef {
  /** Used in `/api/content/{key}`. */
  readonly key: string;
  readonly kind: SectionKind;
  readonly label: string;
  readonly fields: readonly FieldDef[];
  readonly seed: SeedPaths;
  readonly admin: SectionAdmin;
  readonly alerts: SectionAlerts;
}

const f = (
  name: string,
  type: FieldType,
  label: string,
  extra: Partial<Omit<FieldDef, 'name' | 'type' | 'label'>> = {},
): FieldDef => ({ name, type, label, required: true, ...extra });
const optional = (field: FieldDef): FieldDef => ({ ...field, required: false });

const alerts = (label: string, overrides: Partial<SectionAlerts> = {}): SectionAlerts => ({
  created: `${label} is Added`,
  updated: `${label} is Updated`,
  deleted: `${label} is Deleted`,
  ...overrides,
});

const PACKAGE_NAMES = ['Basic', 'Premium', 'Standard'] as const;
const POINT_NAMES = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
/** Pricing points: the first six are filled on every package of the seed; seven to ten are extras. */
const REQUIRED_POINTS = 6;

/**
 * Every section of the site (spec §3), one entry each: validation, storage, the public and admin API,
 * the seed's aliases and the admin screens all come from here. A new section is a new entry.
 */
export const SECTIONS = [
  // ---- singletons -------------------------------------------------------------------------------
  {
    key: 'logo',
    kind: 'singleton',
    label: 'Logo',
    fields: [f('logo', 'image', 'Logo')],
    seed: { list: '/logo', create: '/add-logo', get: '/logo/{id}', update: '/logo/{id}' },
    admin: { listPath: '/add-logo', editPath: '/edit-logo/{id}', editLinkText: 'Edit Logo' },
    alerts: alerts('Logo', { created: 'Logo is Updated' }),
  },
  {
    key: 'banner',
    kind: 'singleton',
    label: 'Banner',
    fields: [
      f('bannerText', 'text', 'Banner Text'),
      f('bannerHeading', 'text', 'Banner Heading'),
      f('bannerDetails', 'longText', 'Banner Details'),
      f('buttonURL', 'url', 'Button URL'),
      f('buttonText', 'text', 'Button Text'),
      f('imageOne', 'image', 'Banner Image'),
    ],
    seed: {
      list: '/banner',
      create: '/add-banner',
      get: '/banner/{id}',
      update: '/update-banner/{id}',
    },
    admin: {
      listPath: '/edit-banner',
      editPath: '/banner/{id}',
      editLinkText: 'Edit Banner Section',
    },
    alerts: alerts('Banner', { created: 'Banner is Updated' }),
  },
  {
    key: 'about',
    kind: 'singleton',
    label: 'About',
    fields: [
      f('aboutImgOne', 'image', 'About Image', { aliases: ['aboutImg'] }),
      f('aboutHeading', 'text', 'About Heading'),
      f('aboutText', 'text', 'About Text'),
      f('aboutDetails', 'longText', 'About Details'),
      optional(f('aboutPointone', 'text', 'Point One')),
      optional(f('aboutPointwo', 'text', 'Point Two')),
      optional(f('aboutPointhree', 'text', 'Point Three')),
    ],
    seed: {
      list: '/about',
      create: '/add-about',
      get: '/about-us/{id}',
      update: '/update-about/{id}',
    },
    admin: { listPath: '/edit-about', editPath: '/{id}', editLinkText: 'Edit About Section' },
    alerts: alerts('About', { created: 'About is Updated' }),
  },
  {
    key: 'videoSection',
    kind: 'singleton',
    label: 'Video Section',
    fields: [
      f('headingVideo', 'text', 'Video Heading'),
      f('videoImage', 'image', 'Video Image'),
      f('videoLink', 'url', 'Video Link', { hint: 'A YouTube or Vimeo address' }),
    ],
    seed: {
      list: '/videos',
      create: '/add-video',
      get: '/videos/{id}',
      update: '/update-videos/{id}',
    },
    admin: {
      listPath: '/edit-video',
      editPath: '/videotext-edit/{id}',
      editLinkText: 'Edit Video Section',
    },
    alerts: alerts('Video Section', { created: 'Video Section is Updated' }),
  },
  {
    key: 'serviceText',
    kind: 'singleton',
    label: 'Service Text',
    fields: [
      f('serviceHeading', 'text', 'Service Heading'),
      f('servicesubHeading', 'text', 'Service Sub Heading'),
    ],
    seed: {
      list: '/service',
      create: '/add-Service',
      get: '/service/{id}',
      update: '/service/{id}',
    },
    admin: {
      listPath: '/edit-service',
      editPath: '/servicetext-edit/{id}',
      editLinkText: 'Edit Service Text',
    },
    alerts: alerts('Service', { created: 'Service is Updated' }),
  },
  {
    key: 'counters',
    kind: 'singleton',
    label: 'Counters',
    fields: [
      f('yearofExperienceNumber', 'numberText', 'Years of Experience Number'),
      f('yearofExperienceText', 'text', 'Years of Experience Text'),
      f('projectCompleteNumber', 'numberText', 'Projects Complete Number'),
      f('projectCompleteText', 'text', 'Projects Complete Text'),
      f('happyClientsNumber', 'numberText', 'Happy Clients Number'),
      f('happyClientsText', 'text', 'Happy Clients Text'),
      f('teamNumber', 'numberText', 'Team Number'),
      f('teamText', 'text', 'Team Text'),
      optional(f('winingAwardNumber', 'numberText', 'Winning Awards Number')),
      optional(f('winingAwardText', 'text', 'Winning Awards Text')),
    ],
    seed: {
      list: '/counters',
      create: '/add-counter',
      get: '/counters/{id}',
      update: '/update-counters/{id}',
    },
    admin: {
      listPath: '/edit-counter',
      editPath: '/counters/{id}',
      editLinkText: 'Edit Counter Section',
    },
    alerts: alerts('Counter', { created: 'Counter is Updated' }),
  },
  {
    key: 'callToAction',
    kind: 'singleton',
    label: 'Call to Action',
    fields: [
      f('heading', 'text', 'Heading'),
      f('subHeading', 'text', 'Sub Heading'),
      optional(f('buttonLink', 'url', 'Button Link')),
      optional(f('buttonText', 'text', 'Button Text')),
    ],
    seed: {
      list: '/actions',
      create: '/add-action',
      get: '/actions/{id}',
      update: '/update-actions/{id}',
    },
    admin: {
      listPath: '/update-calltoaction',
      editPath: '/edit-call/{id}',
      editLinkText: 'Edit Call To Action',
    },
    alerts: alerts('Action', { created: 'Action is Updated' }),
  },
  {
    key: 'faqText',
    kind: 'singleton',
    label: 'FAQ Text',
    fields: [f('faqText', 'text', 'FAQ Text'), f('faqHeading', 'text', 'FAQ Heading')],
    seed: { list: '/faq', create: '/add-faq', get: '/faq/{id}', update: '/faq/{id}' },
    admin: { listPath: '/edit-faq', editPath: '/faqtext-edit/{id}', editLinkText: 'Edit FAQ Text' },
    alerts: alerts('FAQ Text', { created: 'FAQ Text is Updated' }),
  },
  {
    key: 'testimonialText',
    kind: 'singleton',
    label: 'Testimonial Text',
    fields: [
      f('testimonialText', 'text', 'Testimonial Text'),
      f('testimonialHeading', 'text', 'Testimonial Heading'),
    ],
    seed: {
      list: '/testimonialtext',
      create: '/add-testimonial-text',
      get: '/testimonialtext/{id}',
      update: '/testimonialtext/{id}',
    },
    admin: {
      listPath: '/edit-testimonial/',
      editPath: '/testimonialtext-edit/{id}',
      editLinkText: 'Edit Testimonial Text',
    },
    alerts: alerts('Testimonial Text', { created: 'Testimonial Text is Updated' }),
  },
  {
    key: 'featuresText',
    kind: 'singleton',
    label: 'Features Text',
    fields: [
      f('FeaturesText', 'text', 'Features Text'),
      f('FeaturesHeading', 'text', 'Features Heading'),
    ],
    seed: {
      list: '/featurestext',
      create: '/add-feature-text',
      get: '/featurestext/{id}',
      update: '/featurestext/{id}',
    },
    admin: {
      listPath: '/edit-services-features/',
      editPath: '/featurestext-edit/{id}',
      editLinkText: 'Edit Features Text',
    },
    alerts: alerts('Feature Text', {
      created: 'Features Text is Updated',
      updated: 'Feature Text Is Updated',
    }),
  },
  {
    key: 'teamText',
    kind: 'singleton',
    label: 'Team Text',
    fields: [f('teamHeading', 'text', 'Team Heading'), f('teamText', 'text', 'Team Text')],
    seed: { list: '/teamstext', get: '/teamstext/{id}', update: '/teamstext/{id}' },
    admin: {
      listPath: '/edit-team-text/',
      editPath: '/team-text-edit/{id}/',
      editLinkText: 'Edit Team Text',
    },
    alerts: alerts('Team Text', {
      created: 'Team Text Is Updated',
      updated: 'Team Text Is Updated',
    }),
  },
  {
    key: 'experience',
    kind: 'singleton',
    label: 'Experience',
    fields: [
      f('experienceText', 'text', 'Experience Text'),
      f('experienceHeading', 'text', 'Experience Heading'),
      f('experienceDetails', 'longText', 'Experience Details'),
      f('skillOneText', 'text', 'Skill One'),
      f('skillOneNumber', 'percent', 'Skill One Percent'),
      f('skillTwoText', 'text', 'Skill Two'),
      f('skillTwoNumber', 'percent', 'Skill Two Percent'),
      f('skillThreeText', 'text', 'Skill Three'),
      f('skillThreeNumber', 'percent', 'Skill Three Percent'),
    ],
    seed: {
      list: '/experiences',
      create: '/add-experience',
      get: '/experiences/{id}',
      update: '/update-experiences/{id}',
    },
    admin: {
      listPath: '/edit-experience/',
      editPath: '/edit-experience/{id}',
      editLinkText: 'Update Exprience Section',
    },
    alerts: alerts('Experience Section', { created: 'Experience Section is Updated' }),
  },
  {
    key: 'footerAbout',
    kind: 'singleton',
    label: 'Footer About',
    fields: [
      f('aboutFooterText', 'text', 'About Heading'),
      f('aboutFooterDetails', 'longText', 'About Details'),
    ],
    seed: {
      list: '/footer-about',
      create: '/add-footer-about',
      get: '/footer-about/{id}',
      update: '/footer-about/{id}',
    },
    admin: {
      listPath: '/add-about-footer/',
      editPath: '/edit-about-footer/{id}',
      editLinkText: 'Edit Footer About',
    },
    alerts: alerts('Footer About', { created: 'Footer About is Updated' }),
  },
  {
    key: 'footerAddress',
    kind: 'singleton',
    label: 'Footer Address',
    fields: [
      f('phoneNumber', 'text', 'Phone Number'),
      f('emailAddress', 'email', 'Email Address'),
      f('location', 'text', 'Location'),
      optional(f('aboutText', 'text', 'Heading')),
    ],
    seed: {
      list: '/footer-address',
      create: '/add-footer-address',
      get: '/footer-address/{id}',
      update: '/footer-address/{id}',
    },
    admin: {
      listPath: '/add-address-footer/',
      editPath: '/edit-address-footer/{id}',
      editLinkText: 'Edit Footer Address',
    },
    alerts: alerts('Footer Address', { created: 'Footer Address is Updated' }),
  },
  {
    key: 'footerSocial',
    kind: 'singleton',
    label: 'Footer Social',
    fields: [
      f('aboutText', 'text', 'Heading'),
      f('fblink', 'url', 'Facebook Link'),
      f('inslink', 'url', 'Instagram Link'),
      f('youlink', 'url', 'YouTube Link'),
    ],
    seed: {
      list: '/footer-social',
      create: '/add-footer-social',
      get: '/footer-social/{id}',
      update: '/footer-social/{id}',
    },
    admin: {
      listPath: '/add-social-footer/',
      editPath: '/edit-social-footer/{id}',
      editLinkText: 'Edit Footer Social',
    },
    alerts: alerts('Footer Social', { created: 'Footer Social is Updated' }),
  },
  {
    key: 'copyright',
    kind: 'singleton',
    label: 'Copyright',
    fields: [f('copyrightText', 'text', 'Copyright Text')],
    seed: {
      list: '/copyrights',
      create: '/add-footer-copyright',
      get: '/copyrights/{id}',
      update: '/copyrights/{id}',
    },
    admin: {
      listPath: '/add-copyright',
      editPath: '/edit-copyright/{id}',
      editLinkText: 'Edit Copyright',
    },
    alerts: alerts('Copyright', {
      created: 'Footer Copy Right Updated',
      updated: 'Footer Copy Right Updated',
    }),
  },
  {
    // Not a section of the old site (issue 15): the head of every public page, the sitemap's and
    // llms.txt's name. No seed paths: the old site had no such calls.
    key: 'seo',
    kind: 'singleton',
    label: 'SEO',
    fields: [
      f('siteName', 'text', 'Site Name', {
        maxLength: 60,
        hint: "The agency's name: in page titles, share previews, structured data and llms.txt",
      }),
      f('titleTemplate', 'text', 'Title Template', {
        maxLength: 70,
        pattern: {
          regex: /^(?:(?!%s)[\s\S])*%s(?:(?!%s)[\s\S])*$/,
          message: 'Title Template must contain %s once: it stands for the page title',
        },
        hint: 'e.g. "%s | SEO Agency": %s is replaced by each page\'s title',
      }),
      f('defaultDescription', 'longText', 'Default Description', {
        maxLength: 300,
        hint: 'The meta description of pages without one of their own (Page SEO); about 150 characters show in results',
      }),
      optional(
        f('shareImage', 'image', 'Default Share Image', {
          hint: 'Shown when a page is shared (Open Graph, Twitter cards): a PNG or JPEG, 1200×630',
        }),
      ),
      optional(
        f('googleVerification', 'text', 'Google Search Console Token', {
          maxLength: 100,
          pattern: {
            regex: /^[A-Za-z0-9_-]+$/,
            message:
              'Google Search Console Token must be the token alone (letters, digits, - and _): the content="…" value of the meta tag, not the whole tag',
          },
          hint: 'From Search Console → Settings → Ownership verification → HTML tag',
        }),
      ),
      optional(
        f('postalAddress', 'longText', 'Postal Address', {
          maxLength: 300,
          hint: "The agency's postal address, at the foot of every newsletter e-mail (anti-spam laws such as CAN-SPAM require one). When empty, the footer's Location is used",
        }),
      ),
    ],
    seed: {},
    admin: { listPath: '/edit-seo', editPath: '/seo/{id}', editLinkText: 'Edit SEO Settings' },
    alerts: {
      created: 'SEO Settings are Saved',
      updated: 'SEO Settings are Updated',
      deleted: 'SEO Settings are Deleted',
    },
  },
  {
    // Not a section of the old site (issue 28): the seller on every invoice and credit note, copied
    // onto each when it is issued. No seed paths: the old site had no such calls.
    key: 'businessDetails',
    kind: 'singleton',
    label: 'Business Details',
    fields: [
      f('legalName', 'text', 'Legal Name', {
        maxLength: 100,
        hint: "The business's registered name, as invoices must show it",
      }),
      f('address', 'longText', 'Address', {
        maxLength: 300,
        hint: 'The postal address on invoices',
      }),
      optional(
        f('taxId', 'text', 'Tax ID', {
          maxLength: 50,
          hint: 'VAT number, EIN or the like, when the business has one',
        }),
      ),
      optional(
        f('invoiceFooter', 'longText', 'Invoice Footer', {
          maxLength: 500,
          hint: 'At the foot of every invoice: payment terms, registration details, a thank-you',
        }),
      ),
      optional(
        f('logo', 'image', 'Invoice Logo', {
          hint: 'Printed at the top of invoices when it is an uploaded PNG or JPEG',
        }),
      ),
    ],
    seed: {},
    admin: {
      listPath: '/edit-business-details',
      editPath: '/business-details/{id}',
      editLinkText: 'Edit Business Details',
    },
    alerts: {
      created: 'Business Details are Saved',
      updated: 'Business Details are Updated',
      deleted: 'Business Details are Deleted',
    },
  },
  // ---- collections ------------------------------------------------------------------------------
  {
    key: 'bannerItems',
    kind: 'collection',
    label: 'Banner Items',
    fields: [
      f('format', 'select', 'Format', { options: ['Facebook', 'Instagram', 'Youtube'] }),
      f('canvaLink', 'url', 'Canva Link'),
      f('imageLink', 'image', 'Image'),
      f('category', 'text', 'Category'),
      f('freeOrPaid', 'select', 'Free or Paid', { options: ['Paid', 'Free'] }),
    ],
    seed: { create: '/add-item' },
    admin: { listPath: '/add-item', editPath: '/add-item/{id}', editLinkText: 'Edit Item' },
    alerts: alerts('Item', { created: 'Item is Updated' }),
  },
  {
    key: 'serviceItems',
    kind: 'collection',
    label: 'Service Items',
    fields: [
      f('serviceIcon', 'image', 'Service Icon'),
      f('serviceTitle', 'text', 'Service Title'),
      f('serviceDetails', 'longText', 'Service Details'),
      optional(f('serviceImg', 'image', 'Service Image', { hint: 'Shown for the main service' })),
      optional(f('serviceName', 'text', 'Service Name', { hint: 'Shown for the main service' })),
    ],
    seed: {
      list: '/service-items',
      create: '/add-service-item',
      get: '/service-item/{id}',
      update: '/service-item/{id}',
    },
    admin: {
      listPath: '/edit-service',
      editPath: '/service-edit/{id}',
      editLinkText: 'Edit Services',
    },
    alerts: alerts('Item'),
  },
  {
    key: 'pricing',
    kind: 'collection',
    label: 'Pricing Packages',
    fields: [
      f('packageName', 'select', 'Package Name', { options: PACKAGE_NAMES }),
      f('packagePrice', 'price', 'Package Price', { hint: 'In USD, e.g. 49 or 49.99' }),
      // Monthly: the customer subscribes through PayPal and is billed every month until they cancel.
      optional(
        f('billing', 'select', 'Billing', {
          options: BILLING_OPTIONS,
          hint: 'One-off: paid once. Monthly: billed every month until the customer cancels',
        }),
      ),
      f('packageButtonText', 'text', 'Button Text'),
      ...POINT_NAMES.map((n, i) => {
        const field = f(`packagePoint${n}`, 'text', `Point ${n}`);
        return i < REQUIRED_POINTS ? field : optional(field);
      }),
      // The order workspace: the due date is this many days after the customer's details arrive.
      optional(
        f('deliveryDays', 'numberText', 'Delivery time (days)', {
          hint: 'Days from receiving the customer’s details to delivery',
          maxLength: 3,
          pattern: {
            regex: /^(?:[1-9]\d?|[12]\d\d|3[0-5]\d|36[0-5])$/,
            message: 'Delivery time (days) must be a whole number from 1 to 365',
          },
        }),
      ),
    ],
    seed: { list: '/pricings', get: '/pricing/{id}', update: '/pricing/{id}' },
    admin: {
      listPath: '/add-pricing/',
      editPath: '/package-edit/{id}',
      editLinkText: 'Edit Package',
    },
    alerts: alerts('Package'),
  },
  {
    key: 'steps',
    kind: 'collection',
    label: 'Steps',
    fields: [
      f('stepTitle', 'text', 'Step Title'),
      f('stepDetails', 'longText', 'Step Details'),
      f('stepNumber', 'text', 'Step Number'),
    ],
    seed: {
      list: '/steps',
      create: '/add-step',
      get: '/step-item/{id}',
      update: '/step-item/{id}',
    },
    admin: { listPath: '/step-section', editPath: '/edit-step/{id}', editLinkText: 'Update Step' },
    alerts: alerts('Step', {
      created: 'Step Section is Updated',
      updated: 'Step Section is Updated',
    }),
  },
  {
    key: 'contactCards',
    kind: 'collection',
    label: 'Contact Cards',
    fields: [
      f('contactImg', 'image', 'Contact Image'),
      f('contactTitle', 'text', 'Contact Title'),
      f('contactDetails', 'text', 'Contact Details'),
    ],
    seed: {
      list: '/contacts',
      create: '/add-contact',
      get: '/contacts/{id}',
      update: '/contacts/{id}',
    },
    admin: {
      listPath: '/add-contact/',
      editPath: '/edit-contact-page/{id}',
      editLinkText: 'Edit Contact',
    },
    alerts: alerts('Contact'),
  },
  {
    key: 'videoItems',
    kind: 'collection',
    label: 'Video Items',
    fields: [
      f('videoItemIcon', 'image', 'Item Icon'),
      f('videoItemTitle', 'text', 'Item Title'),
      f('videoItemDetails', 'longText', 'Item Details'),
    ],
    seed: {
      list: '/videos-items',
      create: '/add-video-item',
      get: '/videos-items/{id}',
      update: '/videos-items/{id}',
    },
    admin: { listPath: '/edit-video', editPath: '/video/{id}', editLinkText: 'Edit Item' },
    alerts: alerts('Video Item', {
      created: 'Video Item is Added',
      updated: 'Video Section is Updated',
    }),
  },
  {
    key: 'faqItems',
    kind: 'collection',
    label: 'FAQ Items',
    fields: [f('accodingTitle', 'text', 'Question'), f('accodingText', 'longText', 'Answer')],
    seed: {
      list: '/faq-items',
      create: '/add-faq-item',
      get: '/faq-item/{id}',
      update: '/faq-item/{id}',
    },
    admin: { listPath: '/edit-faq', editPath: '/faq-edit/{id}', editLinkText: 'Edit FAQ' },
    alerts: alerts('FAQ Item'),
  },
  {
    key: 'testimonials',
    kind: 'collection',
    label: 'Testimonials',
    fields: [
      f('image', 'image', 'Photo'),
      f('personName', 'text', 'Name'),
      f('personTitle', 'text', 'Title'),
      f('desc', 'longText', 'Testimonial'),
    ],
    seed: {
      list: '/testimonials',
      create: '/add-testimonial',
      get: '/testimonial/{id}',
      update: '/testimonial/{id}',
    },
    admin: {
      listPath: '/edit-testimonial/',
      editPath: '/edit-testimonial/{id}/',
      editLinkText: 'Edit Testimonial',
    },
    alerts: alerts('Testimonial'),
  },
  {
    key: 'workSteps',
    kind: 'collection',
    label: 'Work Steps',
    fields: [
      f('stepNumber', 'select', 'Step Number', { options: ['01', '02', '03', '04'] }),
      f('stepTitle', 'text', 'Step Title'),
      f('stepDetails', 'longText', 'Step Details'),
      f('stapIcon', 'image', 'Step Icon'),
    ],
    seed: {
      list: '/worksec',
      create: '/add-worksec',
      get: '/worksec/{id}',
      update: '/update-worksec/{id}',
    },
    admin: { listPath: '/edit-work', editPath: '/edit-work/{id}', editLinkText: 'Edit Work Step' },
    alerts: alerts('Work Step', { created: 'Work Step is Updated' }),
  },
  {
    key: 'featureItems',
    kind: 'collection',
    label: 'Feature Items',
    fields: [
      f('FeaturesImg', 'image', 'Feature Image'),
      f('FeaturesIcon', 'image', 'Feature Icon'),
      f('FeaturesText', 'text', 'Feature Title'),
      f('FeaturesDesc', 'longText', 'Feature Description'),
    ],
    seed: {
      list: '/featureitems',
      create: '/add-feature-Item',
      get: '/featureitems/{id}',
      update: '/update-featureitems/{id}',
    },
    admin: {
      listPath: '/edit-services-features/',
      editPath: '/edit-feature-items/{id}/',
      editLinkText: 'Edit Feature',
    },
    alerts: alerts('Feature Item', {
      created: 'Feature Items Section is Updated',
      updated: 'Feature Items Section is Updated',
    }),
  },
  {
    key: 'teamMembers',
    kind: 'collection',
    label: 'Team Members',
    fields: [
      f('teamMemberImg', 'image', 'Photo'),
      f('teamMemberName', 'text', 'Name'),
      f('teamMemberTitle', 'text', 'Title'),
    ],
    seed: {
      list: '/teamitems',
      create: '/add-team-Item',
      get: '/teamitems/{id}',
      update: '/update-teamitems/{id}',
    },
    admin: {
      listPath: '/edit-team-text/',
      editPath: '/edit-team-items/{id}/',
      editLinkText: 'Edit Now',
    },
    alerts: alerts('Team Member', {
      created: 'Team Member is Added',
      updated: 'Team Member Items Section is Updated',
    }),
  },
  {
    // Not a section of the old site (issue 15): the title, description and share image of one public
    // page, one entry per page. No seed paths: the old site had no such calls.
    key: 'seoPages',
    kind: 'collection',
    label: 'Page SEO',
    fields: [
      f('page', 'select', 'Page', { options: PUBLIC_PAGE_PATHS, unique: true }),
      f('title', 'text', 'Title', {
        maxLength: 70,
        hint: 'Put into the title template (SEO); search results show about 60 characters in all',
      }),
      f('description', 'longText', 'Description', {
        maxLength: 200,
        hint: 'The meta description; about 150 characters show in results',
      }),
      optional(
        f('shareImage', 'image', 'Share Image', {
          hint: 'Instead of the default share image (SEO): a PNG or JPEG, 1200×630',
        }),
      ),
    ],
    seed: {},
    admin: {
      listPath: '/edit-page-seo',
      editPath: '/page-seo/{id}',
      editLinkText: 'Edit Page SEO',
    },
    alerts: alerts('Page SEO'),
  },
] as const satisfies readonly SectionDef[];

export type SectionKey = (typeof SECTIONS)[number]['key'];
export const SECTION_KEYS = SECTIONS.map((section) => section.key) as readonly SectionKey[];

const byKey = new Map<string, SectionDef>(SECTIONS.map((section) => [section.key, section]));

export function findSection(key: string): SectionDef | undefined {
  return byKey.get(key);
}

export function isSectionKey(key: string): key is SectionKey {
  return byKey.has(key);
}
