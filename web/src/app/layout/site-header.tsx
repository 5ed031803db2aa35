import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LinkButton } from '../../components/ui/button';
import { useSession } from '../../features/auth/api/get-session';
import { useHydrated } from '../../lib/use-hydrated';
import { Brand } from './brand';
import { MenuIcon } from '../../components/ui/menu-icon';
import {
  ADMIN_PATH,
  DASHBOARD_PATH,
  SETTINGS_PATH,
  isCurrent,
  LOGIN_PATH,
  NAV_ITEMS,
} from './nav-links';

/**
 * "Log in" for a visitor, "Dashboard" (and "Admin" for an admin) once signed in. Nothing while
 * the session loads, so the links never flicker from one state to the other. A server-rendered page
 * starts as a visitor sees it, and the browser asks who is signed in once it has hydrated.
 */
function AccountLinks({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const session = useSession();
  if (session.isPending) return null;
  const account = session.data?.account;
  const current = (path: string) => (pathname === path ? 'page' : undefined);

  if (!account) {
    return (
      <LinkButton
        to={LOGIN_PATH}
        variant="secondary"
        className="site-nav__login"
        aria-current={current(LOGIN_PATH)}
        onClick={onNavigate}
      >
        Log in
      </LinkButton>
    );
  }
  return (
    <div className="site-nav__account">
      {account.role !== 'customer' && (
        <LinkButton
          to={account.isAdmin ? ADMIN_PATH : SETTINGS_PATH}
          variant="ghost"
          className="site-nav__login"
          aria-current={current(account.isAdmin ? ADMIN_PATH : SETTINGS_PATH)}
          onClick={onNavigate}
        >
          Admin
        </LinkButton>
      )}
      <LinkButton
        to={DASHBOARD_PATH}
        variant="secondary"
        className="site-nav__login"
        aria-current={current(DASHBOARD_PATH)}
        onClick={onNavigate}
      >
        Dashboard
      </LinkButton>
    </div>
  );
}

/**
 * The site's header. On a phone the navigation folds behind a menu button: a `<details>` disclosure,
 * so the server's page opens it without JavaScript; once hydrated, the menu also closes on Escape
 * and when a link is followed.
 */
export function SiteHeader() {
  const location = useLocation();
  const { pathname } = location;
  // The server never sees the #hash: the link it marks as current waits for hydration.
  const hash = useHydrated() ? location.hash : '';
  const menuRef = useRef<HTMLDetailsElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  // Opened before the page hydrated (no toggle event reached React then): follow the element.
  useEffect(() => {
    if (menuRef.current?.open) setMenuOpen(true);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Brand onNavigate={closeMenu} />

        {/* Holds only its button: the navigation below shows while it is open (CSS, phones only). */}
        <details
          ref={menuRef}
          className="site-header__menu"
          open={menuOpen}
          onToggle={(event) => setMenuOpen(event.currentTarget.open)}
        >
          <summary className="menu-toggle site-header__toggle" aria-controls="site-nav">
            <MenuIcon />
            <span className="visually-hidden site-header__toggle-open">Open menu</span>
            <span className="visually-hidden site-header__toggle-close">Close menu</span>
          </summary>
        </details>

        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="site-nav__link"
                  aria-current={isCurrent(item.to, pathname, hash) ? 'page' : undefined}
                  onClick={closeMenu}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <AccountLinks pathname={pathname} onNavigate={closeMenu} />
        </nav>
      </div>
    </header>
  );
}
