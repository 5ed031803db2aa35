import { findSection } from '@contracts/content/sections';
import { type IndexNowSubmission } from '@contracts/seo/indexnow';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { DataTable, DataTableHead } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import {
  useIndexNowStatus,
  usePageChecks,
  usePageSeoEntries,
  useSetIndexNowEnabled,
} from '../api/seo-admin';
import { ScoreBadge, StatusBadge } from './page-checks-list';
import './seo.css';

const PAGE_SEO = findSection('seoPages')!;
const SITE_SEO = findSection('seo')!;

/** Where a page's SEO is edited: its Page SEO entry, or the Page SEO list to add one. */
function editorPath(page: string, entries: readonly { _id?: string; page?: string }[]): string {
  const entry = entries.find((candidate) => candidate.page === page);
  return entry?._id ? PAGE_SEO.admin.editPath.replace('{id}', entry._id) : PAGE_SEO.admin.listPath;
}

/** Every public page with its score and what fails or warns, each linking to its editor. */
function PageScores() {
  const pages = usePageChecks();
  const entries = usePageSeoEntries();
  if (pages.isPending) return <SkeletonBlock label="Checking every public page" />;
  if (pages.isError) return <QueryErrorAlert query={pages} />;
  return (
    <DataTable aria-label="Public pages and their SEO score">
      <DataTableHead columns={['Page', 'Score', 'To fix', 'Edit']} />
      <tbody role="rowgroup">
        {pages.data.pages.map((page) => {
          const open = page.checks.filter((check) => check.status !== 'pass');
          return (
            <tr key={page.pageId} role="row">
              <td role="cell" data-label="Page">
                {page.name} <code>{page.path}</code>
              </td>
              <td role="cell" data-label="Score">
                <ScoreBadge score={page.score} />
              </td>
              <td role="cell" data-label="To fix">
                {open.length === 0 ? (
                  'Nothing'
                ) : (
                  <ul className="seo-hub__open">
                    {open.map((check) => (
                      <li key={check.id}>
                        <StatusBadge status={check.status} /> {check.label}: {check.reason}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td role="cell" data-label="Edit">
                <Link to={editorPath(page.path, entries.data ?? [])}>Edit {page.name} SEO</Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function SubmissionLine({ submission }: { submission: IndexNowSubmission }) {
  return (
    <p className={`seo-indexnow__last seo-indexnow__last--${submission.status}`}>
      Last submission: <strong>{submission.status}</strong> ({submission.urls.length} URLs,{' '}
      {when(submission.sentAt ?? submission.createdAt)}, {submission.attempts} attempts
      {submission.responseStatus !== null ? `, HTTP ${submission.responseStatus}` : ''})
      {submission.lastError ? (
        <span className="seo-indexnow__error"> — {submission.lastError}</span>
      ) : null}
    </p>
  );
}

/** IndexNow: on or off (audited), where it posts, the key file, the last submission. */
function IndexNowPanel() {
  const status = useIndexNowStatus();
  const toggle = useSetIndexNowEnabled();
  if (status.isPending) return <SkeletonBlock label="Loading IndexNow" />;
  if (status.isError) return <QueryErrorAlert query={status} />;
  const { enabled, endpoint, keyLocation, submissions } = status.data;
  const switchTo = !enabled;
  return (
    <section className="seo-indexnow" aria-label="IndexNow">
      <h2>IndexNow</h2>
      <p>
        After a content change, the pages showing it are submitted to search engines (Bing, Yandex,
        Seznam…) in one request. IndexNow is <strong>{enabled ? 'on' : 'off'}</strong>
        {endpoint
          ? `, posting to ${endpoint}`
          : ', but no endpoint is configured here (INDEXNOW_ENDPOINT): nothing is sent'}
        . Key file: <a href={keyLocation}>{keyLocation}</a>
      </p>
      <Button
        variant="secondary"
        isLoading={toggle.isPending}
        loadingText="Saving…"
        onClick={() =>
          toggle.mutate(switchTo, {
            onSuccess: () => toast.success(`IndexNow turned ${switchTo ? 'on' : 'off'}`),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        Turn IndexNow {switchTo ? 'on' : 'off'}
      </Button>
      {submissions[0] ? <SubmissionLine submission={submissions[0]} /> : <p>No submission yet.</p>}
    </section>
  );
}

/** The SEO hub: every public page's score and open checks, the site-wide settings, IndexNow. */
export function SeoHub() {
  return (
    <div className="seo-hub">
      <p>
        Each public page as the site renders it now, checked as a search engine reads it. Site-wide
        settings (title template, default description, share image):{' '}
        <Link to={SITE_SEO.admin.listPath}>SEO settings</Link>.
      </p>
      <PageScores />
      <IndexNowPanel />
    </div>
  );
}
