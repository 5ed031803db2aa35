import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { CONTENT_ADMIN_PAGES } from '../../features/content-admin/section-pages';
import './auth-pages.css';
import { type LinkCardItem, LinkCards } from './link-cards';

/** One card per admin screen: add a line here for each new admin section. */
const SETTINGS_SECTIONS: readonly LinkCardItem[] = [
  { title: 'Admin Panel', to: '/admin', description: 'The admin area’s home page.' },
  { title: 'Add User', to: '/add-user', description: 'Add, edit or remove admin users.' },
  {
    title: 'Message',
    to: '/all-messages/',
    description: 'The contact messages: read them, mark them read, reply.',
  },
  {
    title: 'Newsletters',
    to: '/newsletters',
    description: 'Write, test, send or schedule newsletters and follow their delivery.',
  },
  {
    title: 'Subscribers',
    to: '/all-subscriber/',
    description: 'The newsletter’s addresses: filter by status, export as CSV, remove one.',
  },
  // The site's content, one card per admin content page, in registry order.
  ...CONTENT_ADMIN_PAGES.map((page) => ({
    title: page.title,
    to: page.path,
    description: `Edit ${page.sections.map((section) => section.label).join(' and ')} on the site.`,
  })),
];

/** `/setting` (admins only): every admin screen as a card. */
export function SettingRoute() {
  return (
    <Page title="Settings">
      <PageHeader eyebrow="Admin" title="Settings" />
      <Section className="auth-section">
        <Container>
          <LinkCards items={SETTINGS_SECTIONS} label="Admin sections" />
        </Container>
      </Section>
    </Page>
  );
}
