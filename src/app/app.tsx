import { RouterProvider } from 'react-router-dom';
import type { createClientRouter } from './router';

type Router = Awaited<ReturnType<typeof createClientRouter>>;

export function App({ router }: { router: Router }) {
  return <RouterProvider router={router} />;
}
