import './menu-icon.css';

/**
 * The menu button's icon: three bars, turned into a cross while the button is `aria-expanded` (or the
 * `<details>` whose summary holds it is open).
 */
export function MenuIcon() {
  return (
    <span className="menu-icon" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}
