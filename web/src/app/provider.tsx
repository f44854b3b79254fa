import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { forgetJudgeScreen } from '@/features/heats/api/judge-screen-copy';
import { useAccountLanguage } from '@/lib/i18n/account-language';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useAccountLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      {/* A sign-out leaves no kept read of the judge screen behind (docs/judging.md); the
          scores still waiting to be sent stay for the next sign-in. */}
      <AuthProvider onSignOut={forgetJudgeScreen}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
