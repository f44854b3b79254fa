// The crew's query keys (docs/crew.md): the volunteer's own page by their link's secret, and
// the organiser's lists of one event; every organiser write invalidates the event's.
export const crewKeys = {
  all: ['crew'] as const,
  mine: (key: string) => [...crewKeys.all, 'mine', key] as const,
  event: (eventId: string) => [...crewKeys.all, 'event', eventId] as const,
  volunteers: (eventId: string) => [...crewKeys.event(eventId), 'volunteers'] as const,
  shifts: (eventId: string) => [...crewKeys.event(eventId), 'shifts'] as const,
  rotation: (eventId: string) => [...crewKeys.event(eventId), 'rotation'] as const,
  swaps: (eventId: string) => [...crewKeys.event(eventId), 'swaps'] as const,
  board: (eventId: string, withinMinutes: number) => [...crewKeys.event(eventId), 'board', withinMinutes] as const,
};
