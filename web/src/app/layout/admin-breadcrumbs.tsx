import { Link } from 'react-router-dom';
import { type AdminScreen } from '../admin/admin-screen';
import { findAdminScreen, groupAnchor, screenTrail } from '../admin/admin-screens';

interface Crumb {
  label: string;
  /** None for the current screen, or a screen opened for one record (its path needs the id). */
  to?: string;
}

const HOME_ID = 'admin-home';

function crumbsOf(screen: AdminScreen | undefined): Crumb[] {
  const home = findAdminScreen(HOME_ID)!;
  const crumbs: Crumb[] = [{ label: home.title, to: home.path }];
  if (!screen || screen.id === HOME_ID) return crumbs;
  if (screen.group !== 'Overview') {
    crumbs.push({ label: screen.group, to: `/setting#${groupAnchor(screen.group)}` });
  }
  for (const step of screenTrail(screen)) {
    crumbs.push({ label: step.title, to: step.kind === 'entry' ? step.path : undefined });
  }
  return crumbs;
}

/** Where the screen sits: Admin Panel › its group › the screen it is opened from › itself. */
export function AdminBreadcrumbs({ screen }: { screen: AdminScreen | undefined }) {
  const crumbs = crumbsOf(screen);
  return (
    <nav className="admin-breadcrumbs" aria-label="Breadcrumb">
      <ol className="admin-breadcrumbs__list">
        {crumbs.map((crumb, index) => {
          const isCurrent = screen !== undefined && index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="admin-breadcrumbs__item">
              {isCurrent ? (
                <span aria-current="page">{crumb.label}</span>
              ) : crumb.to ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
