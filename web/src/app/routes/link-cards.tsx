import { Link } from 'react-router-dom';
import './auth-pages.css';

export interface LinkCardItem {
  title: string;
  to: string;
  description: string;
  /** A page the server serves, not the app: a plain link (a full page load), not the router's. */
  serverPage?: boolean;
}

/** A grid of cards, each leading to one screen (the whole card is clickable). */
export function LinkCards({ items }: { items: readonly LinkCardItem[] }) {
  return (
    <ul className="link-card-grid">
      {items.map((item) => (
        <li key={item.to}>
          <div className="card link-card">
            <h3 className="link-card__title">
              {item.serverPage ? (
                <a href={item.to}>{item.title}</a>
              ) : (
                <Link to={item.to}>{item.title}</Link>
              )}
            </h3>
            <p className="link-card__text">{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
