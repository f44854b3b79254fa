import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n/i18n';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { ButtonLink } from './button';
import { EmptyState } from './empty-state';

/** Where a missing admin page sits: the events list unless the route knows a closer parent. */
export const eventsCrumb = () => ({ label: i18n.t('header.events'), to: '/admin/events' });

/**
 * An admin page whose entity is gone (404): breadcrumbs up to the parent page, the message the
 * page gives ('Team not found', …) and a Back link to the parent, so the user is never stranded.
 */
export function NotFoundState({ title, parent = eventsCrumb() }: { title: string; parent?: { label: string; to: string } }) {
  const { t } = useTranslation();
  const events = eventsCrumb();
  const crumbs: Crumb[] = parent.to === events.to ? [events] : [events, parent];
  return (
    <>
      <Breadcrumbs items={[...crumbs, { label: title }]} />
      <EmptyState title={title} action={<ButtonLink to={parent.to}>{t('page.back')}</ButtonLink>} />
    </>
  );
}
