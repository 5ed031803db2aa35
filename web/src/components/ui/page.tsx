import { type ComponentProps, type ReactNode } from 'react';
import { usePageTitle } from '../../lib/seo/page-title';
import './page.css';

function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export interface PageProps {
  /**
   * The page's name for the document title (the site's title template applies); omit for the site
   * name alone. The public pages' titles come from the SEO settings instead (`lib/seo`).
   */
  title?: string;
  className?: string;
  children: ReactNode;
}

/** One routed page. The document head follows it (`DocumentHead`), not its markup. */
export function Page({ title, className, children }: PageProps) {
  usePageTitle(title);
  return <div className={cx('page', className)}>{children}</div>;
}

/** Centres content and keeps it to a readable width. */
export function Container({
  narrow = false,
  className,
  ...props
}: ComponentProps<'div'> & { narrow?: boolean }) {
  return <div {...props} className={cx('container', narrow && 'container--narrow', className)} />;
}

export interface SectionProps extends ComponentProps<'section'> {
  /** `muted` gives the section a tinted background to separate it from its neighbours. */
  tone?: 'default' | 'muted';
}

/** A vertical band of the page. Give it an `id` to make it a link target (`/#id`). */
export function Section({ tone = 'default', className, ...props }: SectionProps) {
  return <section {...props} className={cx('section', `section--${tone}`, className)} />;
}

export interface SectionHeadingProps {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  /** The heading level: 1 for a page title, 2 for a section. */
  level?: 1 | 2;
  children?: ReactNode;
  align?: 'start' | 'center';
}

/** An eyebrow, a heading and an optional lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  level = 2,
  children,
  align = 'start',
}: SectionHeadingProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={cx('section-heading', `section-heading--${align}`)}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <Heading id={id} className="section-heading__title">
        {title}
      </Heading>
      {children && <div className="section-heading__lead">{children}</div>}
    </div>
  );
}

/** The title band at the top of an inner page. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <Container>
        <SectionHeading level={1} eyebrow={eyebrow} title={title} align="center">
          {children}
        </SectionHeading>
      </Container>
    </header>
  );
}

/** Shown while a page's code is loading. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="page-loading__label">{label}</span>
    </div>
  );
}
