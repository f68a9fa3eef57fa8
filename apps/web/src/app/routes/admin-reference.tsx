import { Page, PageHeader } from '../../components/ui/page';
import { AdminTabs, ReferenceScreen } from '../../features/admin';
import { useSession } from '../../features/auth';

export function Component() {
  const { user } = useSession();
  return (
    <Page title="Reference imagery" className="py-8 sm:py-12">
      <PageHeader
        eyebrow="System administrator"
        title="Reference imagery"
        lead="Geotagged photos of places in Miami-Dade that every user’s photos are compared with. Only a description of each photo, its place and a small thumbnail are kept; never the photo."
      />
      {user && <AdminTabs role={user.role} />}
      <ReferenceScreen />
    </Page>
  );
}
