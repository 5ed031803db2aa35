import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LinkButton } from '../../components/ui/button';
import { useSession } from '../../features/auth/api/get-session';
import { useHydrated } from '../../lib/use-hydrated';
import { Brand } from './brand';
import { MenuIcon } from '../../components/ui/menu-icon';
import { ADMIN_PATH, DASHBOARD_PATH, isCurrent, LOGIN_PATH, NAV_ITEMS } from './nav-links';

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
      {account.isAdmin && (
        <LinkButton
          to={ADMIN_PATH}
          variant="ghost"
          className="site-nav__login"
          aria-current={current(ADMIN_PATH)}
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

export function SiteHeader() {
  const location = useLocation();
  const { pathname } = location;
  // The server never sees the #hash: the link it marks as current waits for hydration.
  const hash = useHydrated() ? location.hash : '';
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header" data-menu-open={menuOpen || undefined}>
      <div className="site-header__inner container">
        <Brand onNavigate={closeMenu} />

        <button
          type="button"
          className="menu-toggle site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>

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
