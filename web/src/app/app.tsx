import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();

// A 401 has already cleared the session; send the user to /login, remembering where they were.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}` } });
});

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
