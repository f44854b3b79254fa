import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { ButtonLink } from './button';
import { EmptyState } from './empty-state';

/** Where a missing admin page sits: the events list unless the route knows a closer parent. */
export const EVENTS_CRUMB = { label: 'Events', to: '/admin/events' } as const;

/**
 * An admin page whose entity is gone (404): breadcrumbs up to the parent page, the message the
 * page gives ('Team not found', …) and a Back link to the parent, so the user is never stranded.
 */
export function NotFoundState({ title, parent = EVENTS_CRUMB }: { title: string; parent?: { label: string; to: string } }) {
  const crumbs: Crumb[] = parent.to === EVENTS_CRUMB.to ? [EVENTS_CRUMB] : [EVENTS_CRUMB, parent];
  return (
    <>
      <Breadcrumbs items={[...crumbs, { label: title }]} />
      <EmptyState title={title} action={<ButtonLink to={parent.to}>Back</ButtonLink>} />
    </>
  );
}
