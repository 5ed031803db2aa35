import { findSection } from '@contracts/content';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useContentDrafts, usePublishAllDrafts } from '../api/drafts';
import { pageOfSection } from '../section-pages';
import { draftByline, localTime } from './draft-status';

/**
 * The sections with unpublished changes, across every content page (by whom, when, a planned
 * publish), with "Publish all". Nothing while there is none.
 */
export function DraftsOverview() {
  const drafts = useContentDrafts();
  const publishAll = usePublishAllDrafts();
  if (!drafts.data || drafts.data.length === 0) return null;

  return (
    <section className="card content-drafts" aria-labelledby="content-drafts-title">
      <h2 id="content-drafts-title" className="content-block__title">
        Unpublished changes
      </h2>
      <ul className="content-drafts__list">
        {drafts.data.map((draft) => {
          const section = findSection(draft.section);
          const label = section?.label ?? draft.section;
          return (
            <li key={draft.section} data-section={draft.section}>
              {section ? <Link to={pageOfSection(section).path}>{label}</Link> : label}{' '}
              <Badge tone="warning">Draft</Badge> {draftByline(draft)}
              {draft.publishAt && ` · goes live ${localTime(draft.publishAt)}`}
            </li>
          );
        })}
      </ul>
      <Button
        isLoading={publishAll.isPending}
        loadingText="Publishing…"
        onClick={() =>
          publishAll.mutate(undefined, {
            onSuccess: ({ published }) =>
              toast.success(
                `Published ${published.length} section${published.length === 1 ? '' : 's'}.`,
              ),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        Publish all
      </Button>
    </section>
  );
}
