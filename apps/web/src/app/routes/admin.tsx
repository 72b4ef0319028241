import { Navigate, useNavigate, useParams } from 'react-router';
import { AdminConsole, isAdminSection } from '../../features/admin/components/admin-console.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';

// /admin/:section (issue 21). The account gate has already loaded the caller, so `me` is known.
export function Admin() {
  const { section } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  if (!isAdminSection(section)) return <Navigate to="/admin/people" replace />;
  return (
    <AdminConsole
      section={section}
      onSectionChange={(next) => void navigate(`/admin/${next}`)}
      isAdmin={me.data?.is_admin === true}
    />
  );
}
