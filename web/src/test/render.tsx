import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/queryClient';

/** Renders routes (or one element at '/') inside the app's providers and a memory router. */
export function renderWithApp(routesOrElement: RouteObject[] | ReactElement, initialPath = '/') {
  const routes = Array.isArray(routesOrElement) ? routesOrElement : [{ path: '*', element: routesOrElement }];
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
