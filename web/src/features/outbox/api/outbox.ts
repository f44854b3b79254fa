// The mail queues of the services that send mail: each serves its own (GET
// /api/mail-outbox/<service>), and the Outbox page shows them together.
import { useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Outbox } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

/** The services that queue mail (docs/operations.md, "Mail"). */
export const MAIL_SERVICES = ['auth', 'competition', 'results'] as const;

export const getOutbox = (service: string) => api.get<Outbox>(`/mail-outbox/${service}`);

/** Every service's queue, read fresh each visit and every 10 s while the page is open. */
export const useOutboxes = () =>
  useQueries({
    queries: MAIL_SERVICES.map((service) => ({
      queryKey: queryKeys.outbox.byService(service),
      queryFn: () => getOutbox(service),
      refetchInterval: 10_000,
      staleTime: 0,
    })),
  });
