import { Page, PageHeader, Section } from '../../components/ui/page';
import { isServerPage } from '../admin/admin-screen';
import { entriesByGroupFor, groupAnchor } from '../admin/admin-screens';
import './auth-pages.css';
import { LinkCards } from './link-cards';
import { useAccount } from './use-account';

/** `/setting` (staff): every admin screen of the registry the role may use, as a card, by group. */
export function SettingRoute() {
  const role = useAccount()?.role ?? 'customer';
  return (
    <Page title="Settings">
      <PageHeader eyebrow="Admin" title="Settings">
        <p>Every screen of the admin area.</p>
      </PageHeader>
      {entriesByGroupFor(role).map(({ group, screens }) => (
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
