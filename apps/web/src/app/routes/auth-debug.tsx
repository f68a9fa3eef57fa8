import { Page, PageHeader } from '../../components/ui/page';
import { AuthDebugPanel } from '../../features/auth';

export function Component() {
  return (
    <Page title="Sign-in details">
      <PageHeader
        eyebrow="Diagnostics"
        title="Sign-in details"
        lead="What this app knows about your session and the sign-in provider. No tokens or secrets are ever sent to the browser, so none can appear here."
      />
      <AuthDebugPanel />
    </Page>
  );
}
