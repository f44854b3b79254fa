import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColor } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/components/error-panel';
import { useDecideSwap, useSwaps } from '../api/organiser';
import type { CrewSwap } from '../api/volunteer';
import { swapStatusKey } from '../rules/crew';

export const swapColors: Record<string, BadgeColor> = { proposed: 'gray', accepted: 'amber', declined: 'gray', approved: 'green', refused: 'red' };

function SwapRow({ eventId, swap }: { eventId: string; swap: CrewSwap }) {
  const { t } = useTranslation('console');
  const decide = useDecideSwap(eventId);
  return (
    <li className="py-2" data-testid="crew-swap">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-900">{t('crew.swaps.line', { from: swap.fromName, to: swap.toName, place: swap.place })}</span>
        <Badge color={swapColors[swap.status]}>{t(swapStatusKey(swap.status))}</Badge>
      </div>
      {swap.status === 'accepted' && (
        <div className="mt-1 flex flex-wrap gap-2">
          <Button className="min-h-11" loading={decide.isPending && decide.variables.approve} onClick={() => decide.mutate({ swapId: swap.id, approve: true })}>
            {t('crew.swaps.approve')}
          </Button>
          <Button variant="secondary" className="min-h-11" loading={decide.isPending && !decide.variables.approve} onClick={() => decide.mutate({ swapId: swap.id, approve: false })}>
            {t('crew.swaps.refuse')}
          </Button>
        </div>
      )}
      {decide.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('crew.failed', { message: errorMessage(decide.error) })}
        </p>
      )}
    </li>
  );
}

/** The volunteers' swaps (docs/crew.md, "Swaps"): those the other accepted wait for the
 * organiser's approval, which the server checks again against the rules. */
export function SwapsCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('console');
  const swaps = useSwaps(eventId);
  return (
    <Card title={t('crew.swaps.title')}>
      {swaps.isPending ? (
        <p className="text-sm text-slate-500">{t('crew.loading')}</p>
      ) : swaps.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('crew.loadFailed', { message: errorMessage(swaps.error) })}
        </p>
      ) : swaps.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('crew.swaps.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {swaps.data.map((w) => (
            <SwapRow key={w.id} eventId={eventId} swap={w} />
          ))}
        </ul>
      )}
    </Card>
  );
}
