import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { field, singleton, useContent } from '../../features/site-content/api/get-content';
import { ContentImage } from '../../features/site-content/components/content-image';
import { ContentLink } from '../../features/site-content/components/content-link';
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  YoutubeIcon,
} from '../../features/site-content/components/icons';
import { Brand } from './brand';
import { NAV_ITEMS } from './nav-links';
import './site-footer.css';

/**
 * The newsletter form's code (its form helpers and checks), in a chunk of its own, asked for when
 * the footer renders. The footer's own code comes once the footer is wanted (`site-shell.tsx`):
 * until then the server's form stays, disabled. (A gate of its own here would leave it waiting for
 * a second interaction: the first one, which wanted the footer, came before the footer could listen.)
 */
const NewsletterForm = lazy(async () => ({
  default: (await import('../../features/newsletter/components/newsletter-form')).NewsletterForm,
}));

const SOCIAL_LINKS = [
  { field: 'fblink', label: 'Facebook', Icon: FacebookIcon },
  { field: 'inslink', label: 'Instagram', Icon: InstagramIcon },
  { field: 'youlink', label: 'YouTube', Icon: YoutubeIcon },
] as const;

/** `tel:` wants the digits (and a leading +) only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="site-footer__column">
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      {children}
    </div>
  );
}

/**
 * The footer of every page, from the content API: logo, about text, contact details, social links
 * and copyright; then the newsletter sign-up. While the content loads (or when it fails) the brand
 * mark and defaults stand in.
 */
export function SiteFooter() {
  const { data } = useContent();
  // The same element from render to render: until its code has come, a render of the footer leaves
  // the form (the server's markup) alone rather than rendering it again without it.
  const newsletterForm = useMemo(
    () => (
      <Suspense>
        <NewsletterForm />
      </Suspense>
    ),
    [],
  );
  const logo = field(data && singleton(data, 'logo'), 'logo');
  const about = data && singleton(data, 'footerAbout');
  const address = data && singleton(data, 'footerAddress');
  const social = data && singleton(data, 'footerSocial');
  const copyright = field(data && singleton(data, 'copyright'), 'copyrightText');
  const phone = field(address, 'phoneNumber');
  const email = field(address, 'emailAddress');
  const location = field(address, 'location');
  const socialLinks = SOCIAL_LINKS.filter((link) => field(social, link.field));

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          {logo ? (
            <Link to="/" className="site-footer__logo">
              <ContentImage src={logo} alt="SEO Agency home" />
            </Link>
          ) : (
            <Brand />
          )}
          {about ? (
            <div className="site-footer__about">
              <h2 className="site-footer__heading">{field(about, 'aboutFooterText')}</h2>
              <p>{field(about, 'aboutFooterDetails')}</p>
            </div>
          ) : (
            <p className="site-footer__tagline">
              Search engine optimisation that helps the right customers find your business.
            </p>
          )}
        </div>

        <nav className="site-footer__column" aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="site-footer__heading">
            Quick links
          </h2>
          <ul className="site-footer__links">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        {address && (
          <FooterColumn
            id="footer-address-heading"
            title={field(address, 'aboutText') ?? 'Contact'}
          >
            <ul className="site-footer__contact">
              {phone && (
                <li>
                  <PhoneIcon />
                  <a href={telHref(phone)}>{phone}</a>
                </li>
              )}
              {email && (
                <li>
                  <MailIcon />
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
              )}
              {location && (
                <li>
                  <PinIcon />
                  <address>{location}</address>
                </li>
              )}
            </ul>
          </FooterColumn>
        )}

        {socialLinks.length > 0 && (
          <FooterColumn
            id="footer-social-heading"
            title={field(social, 'aboutText') ?? 'Follow us'}
          >
            <ul className="site-footer__social">
              {socialLinks.map(({ field: name, label, Icon }) => (
                <li key={name}>
                  <ContentLink
                    href={field(social, name)}
                    newTab
                    className="site-footer__social-link"
                    aria-label={`${label} (opens in a new tab)`}
                  >
                    <Icon />
                  </ContentLink>
                </li>
              ))}
            </ul>
          </FooterColumn>
        )}

        <section
          className="site-footer__column site-footer__newsletter"
          aria-labelledby="footer-newsletter-heading"
        >
          <h2 id="footer-newsletter-heading" className="site-footer__heading">
            Newsletter
          </h2>
          <p className="site-footer__newsletter-intro">
            News and search engine optimisation tips by e-mail. Unsubscribe at any time.
          </p>
          {newsletterForm}
        </section>
      </div>

      <div className="site-footer__bottom">
        <div className="container">
          <p>{copyright ?? `© ${new Date().getFullYear()} SEO Agency. All rights reserved.`}</p>
        </div>
      </div>
    </footer>
  );
}
