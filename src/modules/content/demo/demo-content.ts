import type { SectionKey } from '../../../contracts/content/index.js';

/** The demo images shipped with the SPA (web/public/demo), named with their intrinsic size. */
const img = (file: string) => `/demo/${file}`;

/**
 * What a fresh install shows: one entry per singleton and a few per collection, for every section of
 * the registry. Every value passes the section's write rules (test/unit/demo-content.test.ts).
 */
export const DEMO_CONTENT: Partial<Record<SectionKey, Record<string, string>[]>> = {
  // ---- singletons -------------------------------------------------------------------------------
  logo: [{ logo: img('logo-240x48.svg') }],
  banner: [
    {
      bannerText: 'Search engine optimisation for growing businesses',
      bannerHeading: 'Get found by the customers who are already searching for you',
      bannerDetails:
        'We combine technical SEO, useful content and honest link building to move your site up the results that matter, and we report every month in plain language.',
      buttonText: 'How search works',
      buttonURL: 'https://www.google.com/search/howsearchworks/',
      imageOne: img('hero-1200x900.svg'),
    },
  ],
  about: [
    {
      aboutImgOne: img('about-1000x800.svg'),
      aboutText: 'About us',
      aboutHeading: 'A small team that treats your traffic like its own',
      aboutDetails:
        'Since 2013 we have helped local shops, online stores and software companies earn search traffic that turns into real enquiries. No black-box tactics and no long lock-in contracts: you see what we do, why we do it and what it brought in.',
      aboutPointone: 'Senior specialists on every account',
      aboutPointwo: 'Monthly reports you can actually read',
      aboutPointhree: 'Month-to-month plans, cancel any time',
    },
  ],
  videoSection: [
    {
      headingVideo: 'Watch how search really works, then let us put it to work for you',
      videoImage: img('video-1280x720.svg'),
      videoLink: 'https://www.youtube.com/@GoogleSearchCentral',
    },
  ],
  serviceText: [
    {
      serviceHeading: 'Everything your site needs to rank and convert',
      servicesubHeading:
        'Pick a single service or let us run your whole organic growth programme from audit to reporting.',
    },
  ],
  counters: [
    {
      yearofExperienceNumber: '12+',
      yearofExperienceText: 'Years of experience',
      projectCompleteNumber: '850+',
      projectCompleteText: 'Projects completed',
      happyClientsNumber: '600+',
      happyClientsText: 'Happy clients',
      teamNumber: '24',
      teamText: 'Team members',
      winingAwardNumber: '18',
      winingAwardText: 'Industry awards',
    },
  ],
  callToAction: [
    {
      heading: 'Ready to turn search into your best sales channel?',
      subHeading:
        'Tell us about your site and your goals. We reply within one working day with a free first assessment.',
    },
  ],
  faqText: [{ faqText: 'FAQ', faqHeading: 'Questions we hear every week' }],
  testimonialText: [
    { testimonialText: 'Testimonials', testimonialHeading: 'What our clients say about us' },
  ],
  featuresText: [
    { FeaturesText: 'Why choose us', FeaturesHeading: 'Built for results you can measure' },
  ],
  teamText: [
    {
      teamHeading: 'Meet the people behind your rankings',
      teamText: 'Our team',
    },
  ],
  experience: [
    {
      experienceText: 'Our experience',
      experienceHeading: 'Twelve years of climbing search results',
      experienceDetails:
        'Algorithms change every year; the basics that win do not. We keep sites fast, make pages genuinely useful and earn links from places your customers trust.\nThat is how our clients keep their rankings through every update.',
      skillOneText: 'Technical SEO',
      skillOneNumber: '92',
      skillTwoText: 'Content strategy',
      skillTwoNumber: '85',
      skillThreeText: 'Link building',
      skillThreeNumber: '78',
    },
  ],
  footerAbout: [
    {
      aboutFooterText: 'About us',
      aboutFooterDetails:
        'SEO Agency helps small and mid-sized businesses grow their organic traffic with technical fixes, content and links that last.',
    },
  ],
  footerAddress: [
    {
      aboutText: 'Contact',
      phoneNumber: '+1 (512) 555-0142',
      emailAddress: 'hello@seo-agency.example',
      location: '500 Congress Ave, Austin, TX 78701',
    },
  ],
  footerSocial: [
    {
      aboutText: 'Follow us',
      fblink: 'https://www.facebook.com/',
      inslink: 'https://www.instagram.com/',
      youlink: 'https://www.youtube.com/',
    },
  ],
  copyright: [{ copyrightText: '© 2026 SEO Agency. All rights reserved.' }],
  // No share image: the demo images are SVG, which social networks do not show in link previews. No
  // Search Console token either: it is the site owner's own.
  seo: [
    {
      siteName: 'SEO Agency',
      titleTemplate: '%s | SEO Agency',
      defaultDescription:
        'SEO Agency helps small and mid-sized businesses get found on Google: technical SEO, useful content and honest link building, with a plain-language report every month and no lock-in contract.',
      postalAddress: 'SEO Agency, 500 Congress Ave, Suite 200, Austin, TX 78701, USA',
    },
  ],

  // The seller on invoices. No logo: the demo images are SVG, which invoices do not print.
  businessDetails: [
    {
      legalName: 'SEO Agency LLC',
      address: '500 Congress Ave, Suite 200\nAustin, TX 78701\nUSA',
      taxId: 'EIN 12-3456789',
      invoiceFooter:
        'Thank you for your business. Questions about this invoice: hello@seo-agency.example',
    },
  ],

  // ---- collections ------------------------------------------------------------------------------
  bannerItems: [
    {
      format: 'Facebook',
      canvaLink: 'https://www.canva.com/facebook-posts/templates/',
      imageLink: img('feature-reports-800x600.svg'),
      category: 'Results announcement',
      freeOrPaid: 'Free',
    },
    {
      format: 'Instagram',
      canvaLink: 'https://www.canva.com/instagram-posts/templates/',
      imageLink: img('feature-content-800x600.svg'),
      category: 'Blog promotion',
      freeOrPaid: 'Paid',
    },
    {
      format: 'Youtube',
      canvaLink: 'https://www.canva.com/youtube-thumbnails/templates/',
      imageLink: img('feature-speed-800x600.svg'),
      category: 'Tutorial thumbnail',
      freeOrPaid: 'Free',
    },
  ],
  serviceItems: [
    {
      serviceIcon: img('icon-seo-64x64.svg'),
      serviceTitle: 'Technical SEO audit',
      serviceDetails:
        'A full crawl of your site: speed, indexing, structured data and mobile issues, with a fix list ranked by impact.',
      serviceImg: img('feature-speed-800x600.svg'),
      serviceName: 'Technical SEO',
    },
    {
      serviceIcon: img('icon-keywords-64x64.svg'),
      serviceTitle: 'Keyword research',
      serviceDetails:
        'We find the searches your buyers make at every stage and map each one to the page that should win it.',
    },
    {
      serviceIcon: img('icon-content-64x64.svg'),
      serviceTitle: 'Content marketing',
      serviceDetails:
        'Articles, guides and landing pages written by specialists, planned around topics that bring in qualified visitors.',
    },
    {
      serviceIcon: img('icon-links-64x64.svg'),
      serviceTitle: 'Link building',
      serviceDetails:
        'Digital PR and outreach that earns mentions from relevant, trusted sites. No link farms, no paid networks.',
    },
    {
      serviceIcon: img('icon-local-64x64.svg'),
      serviceTitle: 'Local SEO',
      serviceDetails:
        'Business profile optimisation, local citations and review strategy so nearby customers find you first.',
    },
    {
      serviceIcon: img('icon-analytics-64x64.svg'),
      serviceTitle: 'Analytics and reporting',
      serviceDetails:
        'Clean tracking and a monthly report that connects rankings and traffic to enquiries and revenue.',
    },
  ],
  pricing: [
    {
      packageName: 'Basic',
      deliveryDays: '14',
      packagePrice: '149',
      billing: 'Monthly',
      packageButtonText: 'Order Now',
      packagePointOne: 'Technical SEO audit',
      packagePointTwo: 'Keyword research for 10 pages',
      packagePointThree: 'On-page optimisation of 5 pages',
      packagePointFour: 'Google Business Profile setup',
      packagePointFive: 'Search Console and Analytics setup',
      packagePointSix: 'Monthly ranking report',
      packagePointSeven: 'E-mail support',
    },
    {
      packageName: 'Premium',
      deliveryDays: '30',
      packagePrice: '499',
      billing: 'Monthly',
      packageButtonText: 'Order Now',
      packagePointOne: 'Everything in Standard',
      packagePointTwo: 'Keyword research for 50 pages',
      packagePointThree: 'On-page optimisation of 30 pages',
      packagePointFour: '4 in-depth articles a month',
      packagePointFive: 'Digital PR and link outreach',
      packagePointSix: 'Conversion rate review',
      packagePointSeven: 'Dedicated account manager',
      packagePointEight: 'Weekly strategy call',
    },
    {
      packageName: 'Standard',
      deliveryDays: '21',
      packagePrice: '299',
      billing: 'Monthly',
      packageButtonText: 'Order Now',
      packagePointOne: 'Everything in Basic',
      packagePointTwo: 'Keyword research for 25 pages',
      packagePointThree: 'On-page optimisation of 15 pages',
      packagePointFour: '2 articles a month',
      packagePointFive: 'Local citation building',
      packagePointSix: 'Competitor gap analysis',
      packagePointSeven: 'Monthly strategy call',
    },
  ],
  steps: [
    {
      stepNumber: '1',
      stepTitle: 'Choose a package',
      stepDetails: 'Pick the plan that fits your goals and budget, or ask us to tailor one.',
    },
    {
      stepNumber: '2',
      stepTitle: 'Share your access',
      stepDetails: 'Give us read access to your site, Search Console and Analytics in minutes.',
    },
    {
      stepNumber: '3',
      stepTitle: 'Kick-off call',
      stepDetails: 'We agree on priorities, target pages and how we will measure success.',
    },
    {
      stepNumber: '4',
      stepTitle: 'Watch it grow',
      stepDetails: 'Work starts the same week and your first report arrives within a month.',
    },
  ],
  contactCards: [
    {
      contactImg: img('icon-phone-64x64.svg'),
      contactTitle: 'Call us',
      contactDetails: '+1 (512) 555-0142, Monday to Friday, 9am to 6pm',
    },
    {
      contactImg: img('icon-mail-64x64.svg'),
      contactTitle: 'Write to us',
      contactDetails: 'hello@seo-agency.example, we answer within one working day',
    },
    {
      contactImg: img('icon-local-64x64.svg'),
      contactTitle: 'Visit us',
      contactDetails: '500 Congress Ave, Austin, TX 78701',
    },
  ],
  videoItems: [
    {
      videoItemIcon: img('icon-audit-64x64.svg'),
      videoItemTitle: 'Audit first',
      videoItemDetails: 'Every engagement starts with a full picture of where your site stands.',
    },
    {
      videoItemIcon: img('icon-strategy-64x64.svg'),
      videoItemTitle: 'Focused strategy',
      videoItemDetails: 'We go after the keywords that bring buyers, not vanity traffic.',
    },
    {
      videoItemIcon: img('icon-report-64x64.svg'),
      videoItemTitle: 'Transparent reporting',
      videoItemDetails: 'You see the work done, the rankings gained and the leads they brought.',
    },
  ],
  faqItems: [
    {
      accodingTitle: 'How long does SEO take to show results?',
      accodingText:
        'Most sites see the first movement within six to eight weeks and meaningful traffic growth within three to six months, depending on competition and the state of the site.',
    },
    {
      accodingTitle: 'Do you guarantee first-page rankings?',
      accodingText:
        'No honest agency can: only search engines decide rankings. We do commit to a clear plan, agreed targets and monthly reports so you can judge our work yourself.',
    },
    {
      accodingTitle: 'Do I need to sign a long contract?',
      accodingText:
        'No. All plans run month to month and you can cancel at any time. Most clients stay because the results keep coming.',
    },
    {
      accodingTitle: 'Will you write content for my site?',
      accodingText:
        'Yes. Standard and Premium include articles written by specialists in your field and reviewed by our editors before anything goes live.',
    },
    {
      accodingTitle: 'How do I pay for a package?',
      accodingText:
        'Create an account, order the package you want and pay securely through PayPal. You can follow every order from your dashboard.',
    },
  ],
  testimonials: [
    {
      image: img('avatar-7-400x400.svg'),
      personName: 'Emily Carter',
      personTitle: 'Owner, Bloom & Stem Florists',
      desc: 'Within five months we went from page three to the top three for every flower delivery search in our city. Online orders have doubled.',
    },
    {
      image: img('avatar-8-400x400.svg'),
      personName: 'Marcus Johnson',
      personTitle: 'Founder, Ridgeline Outdoor Gear',
      desc: 'They fixed technical problems two previous agencies missed. Organic revenue is up 64% year on year and the reports make it easy to see why.',
    },
    {
      image: img('avatar-9-400x400.svg'),
      personName: 'Priya Shah',
      personTitle: 'Marketing Lead, Ledgerly',
      desc: 'Clear plans, honest advice and content our customers actually read. Our demo requests from search have tripled since we started.',
    },
  ],
  workSteps: [
    {
      stepNumber: '01',
      stepTitle: 'Discover',
      stepDetails: 'We audit your site, your competitors and the searches your customers make.',
      stapIcon: img('icon-compass-64x64.svg'),
    },
    {
      stepNumber: '02',
      stepTitle: 'Plan',
      stepDetails: 'You get a prioritised roadmap with targets for the next three months.',
      stapIcon: img('icon-roadmap-64x64.svg'),
    },
    {
      stepNumber: '03',
      stepTitle: 'Execute',
      stepDetails: 'Our specialists fix, write and promote, and keep you in the loop every week.',
      stapIcon: img('icon-rocket-64x64.svg'),
    },
    {
      stepNumber: '04',
      stepTitle: 'Measure',
      stepDetails: 'We track rankings, traffic and leads, then refine the plan for the next round.',
      stapIcon: img('icon-trend-64x64.svg'),
    },
  ],
  featureItems: [
    {
      FeaturesImg: img('feature-speed-800x600.svg'),
      FeaturesIcon: img('icon-gauge-64x64.svg'),
      FeaturesText: 'Fast, healthy websites',
      FeaturesDesc:
        'We tune Core Web Vitals and fix crawl errors so search engines and visitors get your pages quickly.',
    },
    {
      FeaturesImg: img('feature-reports-800x600.svg'),
      FeaturesIcon: img('icon-analytics-64x64.svg'),
      FeaturesText: 'Reports that make sense',
      FeaturesDesc:
        'One page a month: what we did, what moved and what it earned you. No jargon, no padding.',
    },
    {
      FeaturesImg: img('feature-content-800x600.svg'),
      FeaturesIcon: img('icon-content-64x64.svg'),
      FeaturesText: 'Content people want to read',
      FeaturesDesc:
        'Specialist writers create pages that answer real questions, so they rank and they convert.',
    },
  ],
  seoPages: [
    {
      page: '/',
      title: 'SEO services for growing businesses',
      description:
        'Technical SEO, content and link building that bring you customers who are already searching. Austin-based team, monthly reports, no long contracts.',
    },
    {
      page: '/pricing/',
      title: 'SEO packages and prices',
      description:
        'Compare our Basic, Standard and Premium SEO packages: audits, on-page optimisation, content and link building, with prices in US dollars and no lock-in.',
    },
    {
      page: '/service/',
      title: 'Our SEO services',
      description:
        'Technical SEO audits, keyword research, content marketing, link building, local SEO and reporting: everything your site needs to rank and convert.',
    },
    {
      page: '/contact',
      title: 'Contact us',
      description:
        'Tell us about your website and your goals. We reply within one working day with a free first assessment of your search visibility.',
    },
    {
      page: '/thanks',
      title: 'Thank you for your message',
      description: 'Your message has reached us. We reply within one working day.',
    },
    {
      page: '/login',
      title: 'Log in',
      description: 'Log in to order an SEO package, pay for it and follow your orders.',
    },
    {
      page: '/seo-check',
      title: 'Free SEO check of any page',
      description:
        'Check any web page for free in seconds: status, HTTPS, title, description, headings, structured data, robots, sitemap and broken links, each with a score.',
    },
    {
      page: '/register',
      title: 'Create an account',
      description:
        'Create a free account to order an SEO package from SEO Agency and follow its progress.',
    },
  ],
  teamMembers: [
    {
      teamMemberImg: img('avatar-1-400x400.svg'),
      teamMemberName: 'Daniel Brooks',
      teamMemberTitle: 'Founder & SEO Director',
    },
    {
      teamMemberImg: img('avatar-2-400x400.svg'),
      teamMemberName: 'Sofia Martinez',
      teamMemberTitle: 'Head of Content',
    },
    {
      teamMemberImg: img('avatar-3-400x400.svg'),
      teamMemberName: 'Hannah Lee',
      teamMemberTitle: 'Technical SEO Lead',
    },
    {
      teamMemberImg: img('avatar-4-400x400.svg'),
      teamMemberName: 'Kwame Mensah',
      teamMemberTitle: 'Digital PR Manager',
    },
    {
      teamMemberImg: img('avatar-5-400x400.svg'),
      teamMemberName: 'Lukas Weber',
      teamMemberTitle: 'Data Analyst',
    },
    {
      teamMemberImg: img('avatar-6-400x400.svg'),
      teamMemberName: 'Arjun Patel',
      teamMemberTitle: 'Local SEO Specialist',
    },
  ],
};
