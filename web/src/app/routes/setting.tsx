import { Page, PageHeader, Section } from '../../components/ui/page';
import { isServerPage } from '../admin/admin-screen';
import { ADMIN_ENTRIES_BY_GROUP, groupAnchor } from '../admin/admin-screens';
import './auth-pages.css';
import { LinkCards } from './link-cards';

/** `/setting` (admins only): every admin screen of the registry as a card, by group. */
export function SettingRoute() {
  return (
    <Page title="Settings">
      <PageHeader eyebrow="Admin" title="Settings">
        <p>Every screen of the admin area.</p>
      </PageHeader>
      {ADMIN_ENTRIES_BY_GROUP.map(({ group, screens }) => (
        <Section key={group} className="settings-group" aria-labelledby={groupAnchor(group)}>
          <h2 id={groupAnchor(group)} className="settings-group__title" tabIndex={-1}>
            {group}
          </h2>
          <LinkCards
            items={screens.map((screen) => ({
              title: screen.title,
              to: screen.path,
              description: screen.description,
              serverPage: isServerPage(screen),
            }))}
          />
        </Section>
      ))}
    </Page>
  );
}
