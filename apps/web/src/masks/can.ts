import { ADMIN_ROLE } from '@kontor/contracts/permissions';
import { useAuth } from '../auth/store.js';

/** Whether this session holds a privilege, for showing an action; the server checks again on the call. */
export function useCan(): (privilege: string | undefined) => boolean {
  const user = useAuth((s) => s.user);
  return (privilege) => {
    if (!privilege) return true;
    if (!user) return false;
    return user.roles.includes(ADMIN_ROLE) || user.privileges.includes(privilege);
  };
}
