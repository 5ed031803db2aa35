import { ORDER_TEXTS } from '@contracts/orders';
import { billingOf } from '@contracts/subscriptions';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Container, Page, PageHeader, PageLoading, Section } from '../../components/ui/page';
import { OrderForm } from '../../features/orders/components/order-form';
import { collection, field, useContent } from '../../features/site-content/api/get-content';
import { ContentError } from '../../features/site-content/components/content-states';
import { useAccount } from './use-account';

/** `/order-now/{packageId}` (from the pricing cards): 'Buying Your SEO Plan'. */
export function OrderNowRoute() {
  const { packageId = '' } = useParams();
  const account = useAccount();
  const content = useContent();
  if (!account) return null;
  const entry = content.data
    ? collection(content.data, 'pricing').find((item) => item._id === packageId)
    : undefined;

  return (
    <Page title={ORDER_TEXTS.formTitle}>
      <PageHeader eyebrow="Order" title={ORDER_TEXTS.formTitle} />
      <Section>
        <Container>
          {content.isPending ? (
            <PageLoading label="Loading the package…" />
          ) : !content.data ? (
            <ContentError onRetry={() => void content.refetch()} isRetrying={content.isFetching} />
          ) : !entry ? (
            <Alert tone="error">{ORDER_TEXTS.packageMissing}</Alert>
          ) : (
            <OrderForm
              packageId={entry._id}
              packageName={field(entry, 'packageName') ?? ''}
              packagePrice={field(entry, 'packagePrice') ?? ''}
              billing={billingOf(entry)}
              email={account.email}
            />
          )}
        </Container>
      </Section>
    </Page>
  );
}
