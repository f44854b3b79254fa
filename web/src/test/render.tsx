import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/queryClient';

type Routes = RouteObject[] | ((queryClient: QueryClient) => RouteObject[]);

/** Renders routes (the app's createRoutes, or one element at '/') inside the app's providers and a memory router. */
export function renderWithApp(routesOrElement: Routes | ReactElement, initialPath = '/') {
  const queryClient = createQueryClient();
  const routes =
    typeof routesOrElement === 'function' ? routesOrElement(queryClient) : Array.isArray(routesOrElement) ? routesOrElement : [{ path: '*', element: routesOrElement }];
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
