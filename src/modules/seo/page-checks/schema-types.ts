/**
 * The schema.org types a page's JSON-LD may use: those this site writes and the common ones of a small
 * business's site (a compact allow-list, not the whole vocabulary: a type outside it is most likely
 * misspelled), each with the properties Google's rich results need of it, where it needs some.
 * Organization's subtypes (ProfessionalService, LocalBusiness…) need what Organization needs.
 */
const ORGANIZATION = ['name', 'url'];

export const SCHEMA_TYPES: Readonly<Record<string, readonly string[]>> = {
  Thing: [],
  Organization: ORGANIZATION,
  Corporation: ORGANIZATION,
  LocalBusiness: ORGANIZATION,
  ProfessionalService: ORGANIZATION,
  OnlineBusiness: ORGANIZATION,
  WebSite: ['name', 'url'],
  WebPage: [],
  AboutPage: [],
  ContactPage: [],
  CollectionPage: [],
  ItemPage: [],
  Service: ['name', 'provider'],
  Product: ['name'],
  Offer: ['price', 'priceCurrency'],
  AggregateOffer: ['lowPrice', 'priceCurrency'],
  PriceSpecification: ['price', 'priceCurrency'],
  UnitPriceSpecification: ['price', 'priceCurrency'],
  QuantitativeValue: [],
  FAQPage: ['mainEntity'],
  Question: ['name', 'acceptedAnswer'],
  Answer: ['text'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position'],
  ItemList: ['itemListElement'],
  PostalAddress: [],
  ContactPoint: ['contactType'],
  Person: ['name'],
  ImageObject: ['url'],
  VideoObject: ['name', 'thumbnailUrl', 'uploadDate'],
  Review: ['author', 'reviewRating'],
  Rating: ['ratingValue'],
  AggregateRating: ['ratingValue'],
  Article: ['headline'],
  BlogPosting: ['headline'],
  HowTo: ['name', 'step'],
  HowToStep: ['text'],
  SearchAction: ['target'],
  Place: [],
  GeoCoordinates: ['latitude', 'longitude'],
  OpeningHoursSpecification: [],
};
