import { type Entry, type FieldDef, type SectionDef } from '@contracts/content';
import { useId } from 'react';
import { Button, LinkButton } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteSectionEntry } from '../api/delete-section-entry';
import { editHref } from '../section-pages';
import { EntryValue, shorten } from './entry-value';
import { DataTable, DataTableHead } from '../../../components/ui/table';

/** The columns that tell a collection's entries apart: its first image, then two text fields. */
function identifyingFields(section: SectionDef): FieldDef[] {
  const image = section.fields.find((field) => field.type === 'image');
  const texts = section.fields.filter((field) => field.type !== 'image' && field.type !== 'url');
  return [...(image ? [image] : []), ...texts.slice(0, image ? 2 : 3)];
}

/** A short name for an entry, for confirmations and screen readers. */
function entryName(section: SectionDef, entry: Entry): string {
  const text = section.fields.find(
    (field) => field.type !== 'image' && field.type !== 'url' && entry[field.name],
  );
  return text ? shorten(entry[text.name]!, 60) : section.label;
}

export interface SectionEntryListProps {
  section: SectionDef;
  entries: readonly Entry[];
}

/**
 * The entries of any section, generated from its registry entry. A singleton shows its values
 * read-only with the link to its edit screen; a collection is a table, each row with its edit link
 * and Delete.
 */
export function SectionEntryList({ section, entries }: SectionEntryListProps) {
  if (section.kind === 'singleton') {
    return entries.map((entry) => <SingletonSummary key={entry._id} {...{ section, entry }} />);
  }
  if (entries.length === 0) {
    return <p className="content-block__empty">No {section.label} yet.</p>;
  }
  return <CollectionTable section={section} entries={entries} />;
}

function SingletonSummary({ section, entry }: { section: SectionDef; entry: Entry }) {
  return (
    <div className="content-summary">
      <dl className="content-summary__values">
        {section.fields.map((field) => (
          <div key={field.name} className="content-summary__item">
            <dt>{field.label}</dt>
            <dd>
              <EntryValue field={field} value={entry[field.name]} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="content-summary__actions">
        <LinkButton to={editHref(section, entry._id)}>{section.admin.editLinkText}</LinkButton>
      </p>
    </div>
  );
}

function CollectionTable({ section, entries }: SectionEntryListProps) {
  const idPrefix = useId();
  const columns = identifyingFields(section);
  const deletion = useDeleteSectionEntry(section.key);
  const { confirm, dialog } = useConfirm();

  const remove = async (entry: Entry) => {
    const confirmed = await confirm({
      title: `Delete “${entryName(section, entry)}” from ${section.label}?`,
      message: 'You can restore it from History.',
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    deletion.mutate(entry._id, {
      onSuccess: () => toast.success(section.alerts.deleted),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <>
      {dialog}
      <DataTable>
        <caption className="visually-hidden">{section.label}</caption>
        <DataTableHead columns={columns.map((field) => field.label)} actions="Actions" />
        <tbody role="rowgroup">
          {entries.map((entry) => {
            const nameId = `${idPrefix}-${entry._id}`;
            const isDeleting = deletion.isPending && deletion.variables === entry._id;
            return (
              <tr key={entry._id} role="row">
                {columns.map((field) => (
                  <td
                    key={field.name}
                    className={field.type === 'image' ? undefined : 'data-table__text'}
                    role="cell"
                    data-label={field.label}
                  >
                    <EntryValue field={field} value={entry[field.name]} />
                  </td>
                ))}
                <td role="cell">
                  <div className="content-table__actions">
                    <LinkButton
                      to={editHref(section, entry._id)}
                      variant="ghost"
                      aria-describedby={nameId}
                    >
                      {section.admin.editLinkText}
                    </LinkButton>
                    <Button
                      variant="secondary"
                      className="content-table__delete"
                      onClick={() => void remove(entry)}
                      isLoading={isDeleting}
                      disabled={deletion.isPending}
                      aria-describedby={nameId}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      {/* What each row's Edit and Delete act on, for screen readers (hidden: not part of any cell). */}
      <div hidden>
        {entries.map((entry) => (
          <span key={entry._id} id={`${idPrefix}-${entry._id}`}>
            {entryName(section, entry)}
          </span>
        ))}
      </div>
    </>
  );
}
