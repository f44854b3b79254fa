import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { Table, Td, Th, Tr } from '@/components/table';
import type { Workout } from '@/lib/api/types';
import { scoreTypeWord } from '@/lib/i18n/words';
import { useTranslation } from 'react-i18next';

export function WorkoutsTable({ eventId, workouts }: { eventId: string; workouts: readonly Workout[] }) {
  const { t } = useTranslation('console');
  const base = `/admin/events/${eventId}/workouts`;
  return (
    <Table>
      <thead>
        <tr>
          <Th>{t('workouts.table.name')}</Th>
          <Th>{t('workouts.fields.scoreType')}</Th>
          <Th>{t('workouts.fields.timeCap')}</Th>
          <Th>{t('workouts.table.order')}</Th>
          <Th>{t('workouts.table.results')}</Th>
          <Th className="text-right">{t('common.actions')}</Th>
        </tr>
      </thead>
      <tbody>
        {workouts.map((w) => (
          <Tr key={w.id}>
            <Td className={w.partOf ? 'pl-8' : undefined}>
              <Link to={`${base}/${w.id}`} className="font-medium text-blue-700 hover:underline">
                {w.name}
              </Link>
              {w.parts && <Badge className="ml-2">{t('workouts.table.parts', { parts: w.parts })}</Badge>}
            </Td>
            <Td>{scoreTypeWord(w.scoreType)}</Td>
            <Td>{w.timeCapText ?? t('common.noCap')}</Td>
            <Td>{w.workoutOrder ?? '—'}</Td>
            <Td>{w.hasResults ? <Badge color="amber">{t('workouts.hasResults')}</Badge> : '—'}</Td>
            <Td className="space-x-2 text-right">
              <ButtonLink size="sm" to={`${base}/${w.id}`}>{t('common.view')}</ButtonLink>
              <ButtonLink size="sm" to={`${base}/${w.id}/edit`}>{t('common.edit')}</ButtonLink>
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
