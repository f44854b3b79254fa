import { useTranslation } from 'react-i18next';
import { messages } from '@/lib/i18n/i18n';
import { Breadcrumbs } from './breadcrumbs';
import { ButtonLink } from './button';
import { EmptyState } from './empty-state';
import { eventsCrumb } from './not-found-state';

export const NO_ACCESS = messages({ title: 'site:ui.noAccess.title' });

/** A console page the signed-in role may not open (a bookmark, a typed address): said in words,
 * with the way back, instead of a silent redirect. The server refuses its calls anyway. */
export function NoAccessState() {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumbs items={[eventsCrumb(), { label: t('site:ui.noAccess.crumb') }]} />
      <EmptyState
        title={NO_ACCESS.title}
        description={t('site:ui.noAccess.description')}
        action={<ButtonLink to="/admin/events">{t('page.backToEvents')}</ButtonLink>}
      />
    </>
  );
}
