import { Page, PageHeader } from '../../components/ui/page';
import { AdminScreen, AdminTabs } from '../../features/admin';
import { useSession } from '../../features/auth';

export function Component() {
  const { user } = useSession();
  return (
    <Page title="Admin Panel" className="py-8 sm:py-12">
      <PageHeader
        eyebrow="System administrator"
        title="Admin Panel"
        lead="Who uses Vision Terminal, the access codes that open it, the announcement everyone sees, and housekeeping."
      />
      {user && <AdminTabs role={user.role} />}
      {user && <AdminScreen user={user} />}
    </Page>
  );
}
