import {
  fitLine,
  SNIPPET_DESCRIPTION,
  SNIPPET_TITLE,
  type SnippetLine,
} from '@contracts/seo/text-width';
import './seo.css';

export interface SnippetPreviewProps {
  title: string;
  description: string;
  /** The page's absolute URL. */
  url: string;
  /** The site's name, shown above the URL as results show it. */
  siteName?: string;
}

/** `agency.example › pricing`: the URL as a result's breadcrumb. */
export function breadcrumbOf(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return [host, ...pathname.split('/').filter(Boolean)].join(' › ');
  } catch {
    return url;
  }
}

const widthNote = (what: string, text: string, line: SnippetLine) => {
  const fitted = fitLine(text, line);
  return `${what}: ${Math.round(fitted.widthPx)} of ${line.maxWidthPx} px${fitted.truncated ? ' (cut)' : ''}`;
};

/**
 * A desktop Google result for the page: the title and description cut where Google cuts them, by
 * their width in Arial (20px and 14px), not by their number of characters.
 */
export function SnippetPreview({ title, description, url, siteName }: SnippetPreviewProps) {
  const shownTitle = fitLine(title, SNIPPET_TITLE).text;
  const shownDescription = fitLine(description, SNIPPET_DESCRIPTION).text;
  return (
    <figure className="snippet" aria-label="Search result preview">
      <div className="snippet__result">
        <div className="snippet__site">
          {siteName ? <span className="snippet__name">{siteName}</span> : null}
          <cite className="snippet__url">{breadcrumbOf(url)}</cite>
        </div>
        <p className="snippet__title" data-testid="snippet-title">
          {shownTitle}
        </p>
        <p className="snippet__description" data-testid="snippet-description">
          {shownDescription}
        </p>
      </div>
      <figcaption className="snippet__widths">
        {widthNote('Title', title, SNIPPET_TITLE)} ·{' '}
        {widthNote('Description', description, SNIPPET_DESCRIPTION)}
      </figcaption>
    </figure>
  );
}
