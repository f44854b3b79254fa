import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { createQueryClient } from '@/lib/queryClient';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/**
 * The app: one query client for the provider and the router's loaders, which start requests
 * before any component renders. Made when main.tsx starts the app, in a task of its own after
 * the scripts have run, not as this module is evaluated (docs/architecture.md, "The spectator's
 * first load").
 */
export function createApp() {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);

  // A 401 has already cleared the session; send the user to /login, remembering where they were
  // and saying why (the sign-in page tells them their typed data comes back).
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}`, signedOut: true } });
  });

  return function App() {
    return (
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    );
  };
}
