// Adds an empty heat after the last one (same gap as the last two, else 10 minutes later);
// teams are then moved into it from their heats.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import type { Heat } from '@/lib/api/types';
import { useCreateHeat } from '../api/heats';
import { nextHeatStart } from '@/lib/heat-time';

export function AddHeatButton({ eventId, workoutId, heats }: { eventId: string; workoutId: string; heats: Heat[] }) {
  const { t } = useTranslation('console');
  const create = useCreateHeat(eventId, workoutId);
  return (
    <div className="flex items-center gap-3">
      <Button variant="secondary" loading={create.isPending} onClick={() => create.mutate({ startTime: nextHeatStart(heats, new Date()), lanes: [] })}>
        {t('heats.add')}
      </Button>
      <InlineAlert message={create.error?.message ?? null} />
    </div>
  );
}
