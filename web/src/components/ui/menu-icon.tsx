import './menu-icon.css';

/** The menu button's icon: three bars, turned into a cross while the button is `aria-expanded`. */
export function MenuIcon() {
  return (
    <span className="menu-icon" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}
