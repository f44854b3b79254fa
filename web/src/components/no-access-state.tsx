import { Breadcrumbs } from './breadcrumbs';
import { ButtonLink } from './button';
import { EmptyState } from './empty-state';
import { EVENTS_CRUMB } from './not-found-state';

export const NO_ACCESS_TITLE = "You don't have access to this page";

/** A console page the signed-in role may not open (a bookmark, a typed address): said in words,
 * with the way back, instead of a silent redirect. The server refuses its calls anyway. */
export function NoAccessState() {
  return (
    <>
      <Breadcrumbs items={[EVENTS_CRUMB, { label: 'No access' }]} />
      <EmptyState
        title={NO_ACCESS_TITLE}
        description="Your role does not include this page. Ask an administrator or the event's organiser if you need it."
        action={<ButtonLink to="/admin/events">Back to Events</ButtonLink>}
      />
    </>
  );
}
