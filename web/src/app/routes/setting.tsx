import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import './auth-pages.css';
import { type LinkCardItem, LinkCards } from './link-cards';

/** One card per admin screen: add a line here for each new admin section. */
const SETTINGS_SECTIONS: readonly LinkCardItem[] = [
  { title: 'Admin Panel', to: '/admin', description: 'The admin area’s home page.' },
  { title: 'Add User', to: '/add-user', description: 'Add, edit or remove admin users.' },
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
