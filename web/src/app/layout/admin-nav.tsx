import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type AdminEntryScreen,
  type AdminGroup,
  type AdminScreen,
  isServerPage,
} from '../admin/admin-screen';
import { type StaffRole } from '@contracts/identity';
import { entriesByGroupFor, screenTrail } from '../admin/admin-screens';

/** Groups with more entries than this fold away unless the current screen is in them. */
const FOLD_ABOVE = 8;

/** `page` for the screen shown, `true` for the entry it was opened from (`/view/{id}`: Messages). */
function currentness(entry: AdminEntryScreen, current: AdminScreen | undefined) {
  if (!current) return undefined;
  if (entry.id === current.id) return 'page' as const;
  return current.kind === 'detail' && screenTrail(current)[0]?.id === entry.id
    ? ('true' as const)
    : undefined;
}

function NavEntry({
  entry,
  current,
  onNavigate,
}: {
  entry: AdminEntryScreen;
  current: AdminScreen | undefined;
  onNavigate: () => void;
}) {
  // A page of the server (Bull Board) is a full page load: a plain link, not the router's.
  if (isServerPage(entry)) {
    return (
      <a href={entry.path} className="admin-nav__link">
        {entry.title}
      </a>
    );
  }
  return (
    <Link
      to={entry.path}
      className="admin-nav__link"
      aria-current={currentness(entry, current)}
      onClick={onNavigate}
    >
      {entry.title}
    </Link>
  );
}

function NavGroup({
  group,
  entries,
  current,
  onNavigate,
}: {
  group: AdminGroup;
  entries: readonly AdminEntryScreen[];
  current: AdminScreen | undefined;
  onNavigate: () => void;
}) {
  const headingId = useId();
  const holdsCurrent = current?.group === group;
  const foldable = entries.length > FOLD_ABOVE;
  const [open, setOpen] = useState(!foldable || holdsCurrent);

  // Opening a screen of a folded group unfolds it (otherwise it stays as the admin last set it);
  // adjusted while rendering, React's way to follow a change of props.
  const [heldCurrent, setHeldCurrent] = useState(holdsCurrent);
  if (heldCurrent !== holdsCurrent) {
    setHeldCurrent(holdsCurrent);
    if (holdsCurrent) setOpen(true);
  }

  const list = (
    <ul className="admin-nav__list" aria-labelledby={headingId}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <NavEntry entry={entry} current={current} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );

  if (!foldable) {
    return (
      <div className="admin-nav__group">
        <h2 id={headingId} className="admin-nav__heading">
          {group}
        </h2>
        {list}
      </div>
    );
  }
  return (
    <details
      className="admin-nav__group admin-nav__group--foldable"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="admin-nav__heading">
        <span id={headingId}>{group}</span>
        <span className="admin-nav__count"> ({entries.length})</span>
      </summary>
      {list}
    </details>
  );
}

export interface AdminNavProps {
  id: string;
  /** Shown above the entries (on a phone: what the header has no room for). */
  children?: ReactNode;
  current: AdminScreen | undefined;
  /** The signed-in staff role: only the screens it may use are listed. */
  role: StaffRole;
  /** Called when an entry is followed (closes the menu on a phone). */
  onNavigate: () => void;
}

/** The admin area's navigation: every entry of the screen registry the role may use, by group. */
export function AdminNav({ id, current, role, onNavigate, children }: AdminNavProps) {
  return (
    <nav id={id} className="admin-nav" aria-label="Admin">
      {children}
      {entriesByGroupFor(role).map(({ group, screens }) => (
        <NavGroup
          key={group}
          group={group}
          entries={screens}
          current={current}
          onNavigate={onNavigate}
        />
      ))}
    </nav>
  );
}
