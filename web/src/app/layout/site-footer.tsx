import { Link } from 'react-router-dom';
import { Brand } from './brand';
import { NAV_ITEMS } from './nav-links';

export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Brand />
          <p className="site-footer__tagline">
            Search engine optimisation that helps the right customers find your business.
          </p>
        </div>

        <nav className="site-footer__nav" aria-labelledby="footer-links-heading">
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
      </div>

      <div className="site-footer__bottom">
        <div className="container">
          <p>© {year} SEO Agency. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
