import { type SectionDef } from '@contracts/content';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { useSectionEntries } from '../api/get-section-entries';
import { AddSectionEntryForm } from './add-section-entry-form';
import { DraftStatus } from './draft-status';
import { SectionEntryList } from './section-entry-list';
import { SectionHistory } from './section-history';
import './content-admin.css';

export interface SectionBlockProps {
  section: SectionDef;
  /** Whether the block shows the section's label as its heading (not when the page title is it). */
  showHeading?: boolean;
}

/**
 * One section on its admin page: its entries, the add form (a singleton's only while it has no
 * entry), and its History.
 */
export function SectionBlock({ section, showHeading = true }: SectionBlockProps) {
  const headingId = useId();
  const historyId = useId();
  const [showHistory, setShowHistory] = useState(false);
  const entries = useSectionEntries(section.key);

  const canAdd = section.kind === 'collection' || entries.data?.length === 0;

  return (
    <section
      className="card content-block"
      aria-labelledby={showHeading ? headingId : undefined}
      data-section={section.key}
    >
      <div className="content-block__head">
        {showHeading && (
          <h2 id={headingId} className="content-block__title">
            {section.label}
          </h2>
        )}
        <Button
          variant="ghost"
          className="content-block__history-toggle"
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={() => setShowHistory((shown) => !shown)}
        >
          History
        </Button>
      </div>

      <DraftStatus section={section} />

      {showHistory && (
        <div id={historyId} className="content-block__history">
          <h3 className="content-block__subtitle">Change history</h3>
          <SectionHistory section={section} />
        </div>
      )}

      {entries.isPending ? (
        <SkeletonBlock label={`Loading ${section.label}`} />
      ) : entries.isError ? (
        <QueryErrorAlert query={entries} />
      ) : (
        <>
          <SectionEntryList section={section} entries={entries.data} />
          {canAdd &&
            (section.kind === 'collection' ? (
              <div className="content-block__add">
                <h3 className="content-block__subtitle">New entry</h3>
                <AddSectionEntryForm section={section} />
              </div>
            ) : (
              <>
                <p className="content-block__empty">
                  There is no {section.label} yet: add it here.
                </p>
                <AddSectionEntryForm section={section} />
              </>
            ))}
        </>
      )}
    </section>
  );
}
