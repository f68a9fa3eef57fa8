import { AdminPage, ReferenceScreen } from '../../features/admin';
import { useSession } from '../../features/auth';

export function Component() {
  const { user } = useSession();
  return (
    <AdminPage
      title="Reference imagery"
      lead="Geotagged photos of places in Miami-Dade that every user’s photos are compared with. Only a description of each photo, its place and a small thumbnail are kept; never the photo."
      role={user?.role}
    >
      <ReferenceScreen />
    </AdminPage>
  );
}
