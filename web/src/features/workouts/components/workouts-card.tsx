import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { LimitedList } from '@/components/limited-list';
import type { Workout } from '@/lib/api/types';
import { scoreTypeWord } from '@/lib/i18n/words';
import { useTranslation } from 'react-i18next';

/** `manage` false (a scorer): the names only, no links into the setup pages. */
export function WorkoutsCard({ eventId, workouts, manage }: { eventId: string; workouts: readonly Workout[]; manage: boolean }) {
  const { t } = useTranslation('console');
  return (
    <Card title={t('workouts.card.title', { count: workouts.length })} actions={manage && <Link className="text-sm text-blue-700 hover:underline" to={`/admin/events/${eventId}/workouts`}>{t('common.manage')}</Link>}>
      {workouts.length === 0 ? (
        <p className="text-sm text-slate-500">{t('workouts.card.none')}</p>
      ) : (
        <LimitedList
          items={workouts}
          keyOf={(w) => w.id}
          render={(w) => (
            <>
              {manage ? (
                <Link to={`/admin/events/${eventId}/workouts/${w.id}`} className="text-blue-700 hover:underline">
                  {w.name}
                </Link>
              ) : (
                <span>{w.name}</span>
              )}
              <Badge>{scoreTypeWord(w.scoreType)}</Badge>
            </>
          )}
        />
      )}
    </Card>
  );
}
