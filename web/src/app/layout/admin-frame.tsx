import { SkeletonBlock } from '../../components/ui/skeleton';
import { Brand } from './brand';
import './admin-layout.css';

/** The admin area's mark, leading to the admin home (`home`: an editor's or support's is the hub). */
export function AdminBrand({
  onNavigate,
  home = '/admin',
}: {
  onNavigate?: () => void;
  home?: string;
}) {
  return <Brand to={home} suffix="Admin" onNavigate={onNavigate} />;
}

/**
 * The admin area's frame while it cannot show a screen yet (its code or the session is loading): the
 * header bar and a skeleton, so the page does not jump to the public site's layout and back.
 */
export function AdminFrame() {
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <AdminBrand />
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        <SkeletonBlock label="Loading the admin area" lines={6} />
      </main>
    </div>
  );
}
