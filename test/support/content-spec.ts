/**
 * The product spec's content sections as data, for the tests (test/unit/content-registry.test.ts
 * compares the registry with it; test/integration/seed-api.test.ts walks its seed calls): spec §3's
 * field lists and kinds and spec §7's seed paths, section by section, keyed by the registry's key,
 * and the two sections issue 15 added (SEO settings), which the old site never had, so no seed paths.
 * Written out by hand from the spec and the issue, never derived from src/.
 */

export interface SpecSection {
  kind: 'singleton' | 'collection';
  /** Spec §3's field names, in any order. */
  fields: readonly string[];
  /** Spec §7: GET list, POST add, GET one, PUT one (absent where the seed has no such call). */
  seed: { list?: string; create?: string; get?: string; update?: string };
}

const POINTS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];

export const SPEC: Record<string, SpecSection> = {
  // ---- singletons ------------------------------------------------------------------------------
  logo: {
    kind: 'singleton',
    fields: ['logo'],
    seed: { list: '/logo', create: '/add-logo', get: '/logo/{id}', update: '/logo/{id}' },
  },
  banner: {
    kind: 'singleton',
    fields: ['bannerText', 'bannerHeading', 'bannerDetails', 'buttonURL', 'buttonText', 'imageOne'],
    seed: {
      list: '/banner',
      create: '/add-banner',
      get: '/banner/{id}',
      update: '/update-banner/{id}',
    },
  },
  about: {
    kind: 'singleton',
    // aboutImg is an alias of aboutImgOne, not a field of its own.
    fields: [
      'aboutImgOne',
      'aboutHeading',
      'aboutText',
      'aboutDetails',
      'aboutPointone',
      'aboutPointwo',
      'aboutPointhree',
    ],
    seed: {
      list: '/about',
      create: '/add-about',
      get: '/about-us/{id}',
      update: '/update-about/{id}',
    },
  },
  videoSection: {
    kind: 'singleton',
    fields: ['headingVideo', 'videoImage', 'videoLink'],
    seed: {
      list: '/videos',
      create: '/add-video',
      get: '/videos/{id}',
      update: '/update-videos/{id}',
    },
  },
  serviceText: {
    kind: 'singleton',
    fields: ['serviceHeading', 'servicesubHeading'],
    seed: {
      list: '/service',
      create: '/add-Service',
      get: '/service/{id}',
      update: '/service/{id}',
    },
  },
  counters: {
    kind: 'singleton',
    fields: [
      'yearofExperienceNumber',
      'yearofExperienceText',
      'projectCompleteNumber',
      'projectCompleteText',
      'happyClientsNumber',
      'happyClientsText',
      'teamNumber',
      'teamText',
      'winingAwardNumber',
      'winingAwardText',
    ],
    seed: {
      list: '/counters',
      create: '/add-counter',
      get: '/counters/{id}',
      update: '/update-counters/{id}',
    },
  },
  callToAction: {
    kind: 'singleton',
    fields: ['heading', 'subHeading', 'buttonLink', 'buttonText'],
    seed: {
      list: '/actions',
      create: '/add-action',
      get: '/actions/{id}',
      update: '/update-actions/{id}',
    },
  },
  faqText: {
    kind: 'singleton',
    fields: ['faqText', 'faqHeading'],
    seed: { list: '/faq', create: '/add-faq', get: '/faq/{id}', update: '/faq/{id}' },
  },
  testimonialText: {
    kind: 'singleton',
    fields: ['testimonialText', 'testimonialHeading'],
    seed: {
      list: '/testimonialtext',
      create: '/add-testimonial-text',
      get: '/testimonialtext/{id}',
      update: '/testimonialtext/{id}',
    },
  },
  featuresText: {
    kind: 'singleton',
    fields: ['FeaturesText', 'FeaturesHeading'],
    seed: {
      list: '/featurestext',
      create: '/add-feature-text',
      get: '/featurestext/{id}',
      update: '/featurestext/{id}',
    },
  },
  teamText: {
    kind: 'singleton',
    fields: ['teamHeading', 'teamText'],
    // §7 has no add call for the team text (POST /add-team-Item adds a member).
    seed: { list: '/teamstext', get: '/teamstext/{id}', update: '/teamstext/{id}' },
  },
  experience: {
    kind: 'singleton',
    fields: [
      'experienceText',
      'experienceHeading',
      'experienceDetails',
      'skillOneText',
      'skillOneNumber',
      'skillTwoText',
      'skillTwoNumber',
      'skillThreeText',
      'skillThreeNumber',
    ],
    seed: {
      list: '/experiences',
      create: '/add-experience',
      get: '/experiences/{id}',
      update: '/update-experiences/{id}',
    },
  },
  footerAbout: {
    kind: 'singleton',
    fields: ['aboutFooterText', 'aboutFooterDetails'],
    seed: {
      list: '/footer-about',
      create: '/add-footer-about',
      get: '/footer-about/{id}',
      update: '/footer-about/{id}',
    },
  },
  footerAddress: {
    kind: 'singleton',
    fields: ['phoneNumber', 'emailAddress', 'location', 'aboutText'],
    seed: {
      list: '/footer-address',
      create: '/add-footer-address',
      get: '/footer-address/{id}',
      update: '/footer-address/{id}',
    },
  },
  footerSocial: {
    kind: 'singleton',
    fields: ['aboutText', 'fblink', 'inslink', 'youlink'],
    seed: {
      list: '/footer-social',
      create: '/add-footer-social',
      get: '/footer-social/{id}',
      update: '/footer-social/{id}',
    },
  },
  copyright: {
    kind: 'singleton',
    fields: ['copyrightText'],
    seed: {
      list: '/copyrights',
      create: '/add-footer-copyright',
      get: '/copyrights/{id}',
      update: '/copyrights/{id}',
    },
  },
  // Issue 15 §2: the site-wide SEO settings.
  seo: {
    kind: 'singleton',
    fields: [
      'siteName',
      'titleTemplate',
      'defaultDescription',
      'shareImage',
      'googleVerification',
      'postalAddress',
    ],
    seed: {},
  },
  // Issue 28: the seller on invoices, no seed paths.
  businessDetails: {
    kind: 'singleton',
    fields: ['legalName', 'address', 'taxId', 'invoiceFooter', 'logo'],
    seed: {},
  },
  // ---- collections -----------------------------------------------------------------------------
  bannerItems: {
    kind: 'collection',
    fields: ['format', 'canvaLink', 'imageLink', 'category', 'freeOrPaid'],
    seed: { create: '/add-item' },
  },
  serviceItems: {
    kind: 'collection',
    fields: ['serviceIcon', 'serviceTitle', 'serviceDetails', 'serviceImg', 'serviceName'],
    seed: {
      list: '/service-items',
      create: '/add-service-item',
      get: '/service-item/{id}',
      update: '/service-item/{id}',
    },
  },
  pricing: {
    kind: 'collection',
    fields: [
      'packageName',
      'packagePrice',
      // Issue 29 (monthly retainers): One-off or Monthly.
      'billing',
      'packageButtonText',
      ...POINTS.map((n) => `packagePoint${n}`),
      // Issue 28 (the order workspace): the package's delivery time, which sets the due date.
      'deliveryDays',
    ],
    seed: { list: '/pricings', get: '/pricing/{id}', update: '/pricing/{id}' },
  },
  steps: {
    kind: 'collection',
    fields: ['stepTitle', 'stepDetails', 'stepNumber'],
    seed: {
      list: '/steps',
      create: '/add-step',
      get: '/step-item/{id}',
      update: '/step-item/{id}',
    },
  },
  contactCards: {
    kind: 'collection',
    fields: ['contactImg', 'contactTitle', 'contactDetails'],
    seed: {
      list: '/contacts',
      create: '/add-contact',
      get: '/contacts/{id}',
      update: '/contacts/{id}',
    },
  },
  videoItems: {
    kind: 'collection',
    fields: ['videoItemIcon', 'videoItemTitle', 'videoItemDetails'],
    seed: {
      list: '/videos-items',
      create: '/add-video-item',
      get: '/videos-items/{id}',
      update: '/videos-items/{id}',
    },
  },
  faqItems: {
    kind: 'collection',
    fields: ['accodingTitle', 'accodingText'],
    seed: {
      list: '/faq-items',
      create: '/add-faq-item',
      get: '/faq-item/{id}',
      update: '/faq-item/{id}',
    },
  },
  testimonials: {
    kind: 'collection',
    fields: ['image', 'personName', 'personTitle', 'desc'],
    seed: {
      list: '/testimonials',
      create: '/add-testimonial',
      get: '/testimonial/{id}',
      update: '/testimonial/{id}',
    },
  },
  workSteps: {
    kind: 'collection',
    fields: ['stepNumber', 'stepTitle', 'stepDetails', 'stapIcon'],
    seed: {
      list: '/worksec',
      create: '/add-worksec',
      get: '/worksec/{id}',
      update: '/update-worksec/{id}',
    },
  },
  featureItems: {
    kind: 'collection',
    fields: ['FeaturesImg', 'FeaturesIcon', 'FeaturesText', 'FeaturesDesc'],
    seed: {
      list: '/featureitems',
      create: '/add-feature-Item',
      get: '/featureitems/{id}',
      update: '/update-featureitems/{id}',
    },
  },
  teamMembers: {
    kind: 'collection',
    fields: ['teamMemberImg', 'teamMemberName', 'teamMemberTitle'],
    seed: {
      list: '/teamitems',
      create: '/add-team-Item',
      get: '/teamitems/{id}',
      update: '/update-teamitems/{id}',
    },
  },
  // Issue 15 §2: the title, description and share image of each public page.
  seoPages: {
    kind: 'collection',
    fields: ['page', 'title', 'description', 'shareImage'],
    seed: {},
  },
};

/** Spec §7's reads of the site's content (the admin users' list is identity's, see below). */
export const SPEC_CONTENT_READS = [
  '/logo',
  '/banner',
  '/service',
  '/service-items',
  '/about',
  '/counters',
  '/pricings',
  '/footer-address',
  '/actions',
  '/footer-social',
  '/copyrights',
  '/steps',
  '/videos',
  '/videos-items',
  '/footer-about',
  '/contacts',
  '/faq',
  '/faq-items',
  '/testimonialtext',
  '/testimonials',
  '/worksec',
  '/featurestext',
  '/featureitems',
  '/teamstext',
  '/teamitems',
  '/experiences',
];
