import { api, apiHref } from '@/lib/api-client';
import type { NewsletterSubscriber } from '../api/get-admin-list';
import { AdminList, type Column } from '../components/admin-list';
import { formatDateTime } from '../utils/format';
import { SensitiveDownload } from '@/components/second-factor/sensitive-download';

const COLUMNS: Column<NewsletterSubscriber>[] = [
  { header: 'Email', cell: (subscriber) => subscriber.email },
  { header: 'Subscribed', cell: (subscriber) => formatDateTime(subscriber.createdAt) },
];

export function NewsletterPage() {
  return (
    <AdminList
      resource="newsletter"
      title="Newsletter subscribers"
      noun="newsletter subscribers"
      columns={COLUMNS}
      actions={
        <SensitiveDownload className="button button--small" href={apiHref(api.newsletter['export.csv'].$path())}>
          Export CSV
        </SensitiveDownload>
      }
    />
  );
}
