import { Page, PageHeader } from '../../components/ui/page';
import { StatusPanel } from '../../features/status';

export function Component() {
  return (
    <Page title="Status">
      <PageHeader
        eyebrow="Status"
        title="Service status"
        lead="Live health of the Vision Terminal API and its database, checked from your browser."
      />
      <StatusPanel />
    </Page>
  );
}
