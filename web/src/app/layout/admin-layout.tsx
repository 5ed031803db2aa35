import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { type StaffRole } from '@contracts/identity';
import { ScreenForbidden } from '../../features/auth/components/require-auth';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
// The admin live feed (toasts, fresh counts and tables), open while any admin screen is.
import { LiveFeed } from '../../features/live-feed';
import { AdminBreadcrumbs } from './admin-breadcrumbs';
import { AdminBrand } from './admin-frame';
import { mayUseScreen } from '../admin/admin-screens';
import { AdminNav } from './admin-nav';
import { ADMIN_PATH, SETTINGS_PATH } from './nav-links';
import { useAdminScreen } from './use-admin-screen';
import { MenuIcon } from '../../components/ui/menu-icon';
import './admin-layout.css';

const NAV_ID = 'admin-nav';

/**
 * Moves the focus to the main landmark after each navigation, so a keyboard or screen reader user
 * starts at the new screen (not on a page loaded or reloaded: the browser starts at the top there).
 */
function useFocusOnNavigation() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(navigationType === 'POP' ? pathname : null);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return mainRef;
}

/** The phone's menu: open and closed by its button, closed by Escape (focus back on the button). */
function useMenu() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { open, setOpen, toggleRef };
}

/**
 * The layout of every admin screen: the header (the signed-in admin, Signout, the way back to the
 * site), the navigation from the screen registry (the screens of the role), breadcrumbs, and the
 * screen, or a 403 when the role may not use it. No public footer.
 */
export function AdminLayout({ email, role }: { email: string; role: StaffRole }) {
  const screen = useAdminScreen();
  const allowed = !screen || mayUseScreen(screen, role);
  const mainRef = useFocusOnNavigation();
  const { open: menuOpen, setOpen: setMenuOpen, toggleRef } = useMenu();
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="admin-shell" data-menu-open={menuOpen || undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle admin-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <AdminBrand onNavigate={closeMenu} home={role === 'admin' ? ADMIN_PATH : SETTINGS_PATH} />
        <div className="admin-header__account">
          <Link to="/" className="admin-header__site">
            View site
          </Link>
          <p className="admin-header__email" title={email}>
            <span className="visually-hidden">Signed in as </span>
            {email}
          </p>
          <SignOutButton className="admin-header__signout" />
        </div>
      </header>
      <AdminNav id={NAV_ID} current={screen} role={role} onNavigate={closeMenu}>
        <div className="admin-nav__account">
          <p className="admin-nav__email">
            <span className="visually-hidden">Signed in as </span>
            {email}
          </p>
          <Link to="/" className="admin-nav__site" onClick={closeMenu}>
            View site
          </Link>
        </div>
      </AdminNav>
      <main id="main" ref={mainRef} className="admin-main" tabIndex={-1}>
        <AdminBreadcrumbs screen={screen} />
        {allowed ? <Outlet /> : <ScreenForbidden />}
      </main>
      {/* The feed tells of orders and payments: admins only, as its route. */}
      {role === 'admin' && <LiveFeed />}
    </div>
  );
}
