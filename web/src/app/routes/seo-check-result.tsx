import { useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { LinkButton } from '../../components/ui/button';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { QueryErrorAlert } from '../../components/ui/query-error-alert';
import { isRunning, useSeoCheck } from '../../features/seo-check/api/seo-check';
import { SeoCheckReportView } from '../../features/seo-check/components/seo-check-report';
import './routes.css';

/**
 * A check's shareable page (`noindex`, like every page without SEO settings): its progress while the
 * worker runs it (asked again every moment), then the report or why the page could not be checked.
 */
export function SeoCheckResultRoute() {
  const { id = '' } = useParams();
  const check = useSeoCheck(id);
  const data = check.data;
  return (
    <Page title="SEO check">
      <PageHeader eyebrow="Free SEO check" title="SEO check report">
        {data && (
          <p>
            Page: <span className="seo-report__url">{data.url}</span>
          </p>
        )}
      </PageHeader>
      <Section aria-label="Report">
        <Container>
          {check.isError && <QueryErrorAlert query={check} />}
          {(check.isPending || isRunning(data)) && (
            <p role="status" className="seo-report__progress">
              Checking the page… this takes a few seconds.
            </p>
          )}
          {data?.status === 'failed' && (
            <Alert tone="error">The page could not be checked: {data.error}</Alert>
          )}
          {data?.status === 'done' && data.report && <SeoCheckReportView report={data.report} />}
          {data && !isRunning(data) && (
            <p>
              <LinkButton to="/seo-check">Check another page</LinkButton>
            </p>
          )}
        </Container>
      </Section>
    </Page>
  );
}
