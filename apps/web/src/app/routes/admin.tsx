import { AdminPage, AdminScreen } from '../../features/admin';
import { useSession } from '../../features/auth';

export function Component() {
  const { user } = useSession();
  return (
    <AdminPage
      title="Admin Panel"
      lead="Who uses Vision Terminal, the access codes that open it, the announcement everyone sees, and housekeeping."
      role={user?.role}
    >
      {user && <AdminScreen user={user} />}
    </AdminPage>
  );
}
