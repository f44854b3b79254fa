import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api/client';
import { useDeleteEvent } from '../api/events';

export const DELETE_EVENT_TEXT = {
  confirm: 'Are you sure you want to delete this event? This action cannot be undone.',
  conflict: 'This event cannot be deleted because it is not in Draft status. Only Draft events can be deleted.',
  notFound: 'Event not found. It may have already been deleted.',
  failed: 'Failed to delete event. Please try again.',
} as const;

function deleteFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return DELETE_EVENT_TEXT.conflict;
  if (error instanceof ApiError && error.status === 404) return DELETE_EVENT_TEXT.notFound;
  return DELETE_EVENT_TEXT.failed;
}

export function DeleteEventButton({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const onClick = () => {
    if (!window.confirm(DELETE_EVENT_TEXT.confirm)) return;
    remove.mutate(eventId, {
      onSuccess: () => void navigate('/admin/events'),
      onError: (error) => window.alert(deleteFailureText(error)),
    });
  };
  return (
    <Button variant="danger" onClick={onClick} loading={remove.isPending}>
      Delete Event
    </Button>
  );
}
