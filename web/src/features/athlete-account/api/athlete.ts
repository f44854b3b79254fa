// The athlete's account calls (/api/athlete/…, docs/access.md "Athletes"), all with the
// athlete's own session (athleteApi), never the console's.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, athleteApi } from '@/lib/api/client';
import type { AthleteProfile, LoginResponse } from '@/lib/api/types';
import { clearAthleteSession, loadAthleteSession, saveAthleteSession } from '@/lib/athlete-session';
import { queryKeys } from '@/lib/queryKeys';

/** next: the public page the athlete came from; the confirmation mail's link carries it. */
export type SignUpInput = { email: string; password: string; firstName: string; lastName: string; next?: string };
export type ProfileInput = { firstName: string; lastName: string; club: string; country: string; birthYear: number | null };

export const signUp = (input: SignUpInput) => athleteApi.post<void>('/athlete/sign-up', input);
export const verifyEmail = (token: string) => athleteApi.post<void>('/athlete/verify-email', { token });
export const resendVerification = (email: string) => athleteApi.post<void>('/athlete/verify-email/resend', { email });
export const requestPasswordReset = (email: string) => athleteApi.post<void>('/athlete/password-reset', { email });
export const resetPassword = (token: string, password: string) => athleteApi.post<void>('/athlete/password-reset/confirm', { token, password });
export const getProfile = () => athleteApi.get<AthleteProfile>('/athlete/profile');
export const updateProfile = (input: ProfileInput) => athleteApi.put<AthleteProfile>('/athlete/profile', input);

export async function signIn(email: string, password: string): Promise<LoginResponse> {
  const session = await athleteApi.post<LoginResponse>('/athlete/sign-in', { email, password });
  saveAthleteSession({ token: session.token, email: session.username, expiresAt: session.expiresAt });
  return session;
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: ({ token, password }: { token: string; password: string }) => resetPassword(token, password) });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => signIn(email, password),
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.athlete.all }),
  });
}

/** The signed-in athlete's profile; disabled without an athlete session. */
export const useProfile = () =>
  useQuery({ queryKey: queryKeys.athlete.profile(), queryFn: getProfile, enabled: loadAthleteSession() !== null, retry: false });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (profile) => queryClient.setQueryData(queryKeys.athlete.profile(), profile) });
}

/** Ends the session on the server (best effort: a dead session is ended anyway) and here. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => athleteApi.post<void>('/auth/logout').catch(() => undefined),
    onSettled: () => {
      clearAthleteSession();
      queryClient.removeQueries({ queryKey: queryKeys.athlete.all });
    },
  });
}

/** The athlete's own data as a file (profile and registrations; docs/access.md, "Athletes"). */
export const downloadMyData = () => apiDownload('/registration/my-data.csv', undefined, 'athlete');

/** Deletes the account (with the password): sessions end, the name becomes "Former athlete". */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => athleteApi.post<void>('/athlete/account/delete', { password }),
    onSuccess: () => {
      clearAthleteSession();
      queryClient.removeQueries({ queryKey: queryKeys.athlete.all });
    },
  });
}
