import { Outlet } from 'react-router-dom';
import { ShellFrame } from './shell-frame';

/**
 * The admin area's shell (/admin/*): a calm desk for staff at a laptop, so none of the public
 * site's background, menu, sidebar, footer or newsletter. The admin pages bring their own compact
 * header and the <main> the skip link leads to (features/admin/components/admin-frame.tsx).
 * Loaded with the admin routes, never by visitors.
 */
export function AdminShellLayout() {
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}
