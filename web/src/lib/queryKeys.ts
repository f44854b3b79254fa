// The one query-key factory. Keys are hierarchical so a mutation can invalidate by prefix,
// e.g. queryKeys.results.all covers every result grid and publication status.
export const queryKeys = {
  // The signed-in user; cleared with every other query on sign-out.
  auth: {
    all: ['auth'] as const,
    me: () => [...queryKeys.auth.all, 'me'] as const,
  },
  users: {
    all: ['users'] as const,
    list: () => [...queryKeys.users.all, 'list'] as const,
  },
  // The signed-in athlete's own account on the public site; cleared when the athlete signs out.
  athlete: {
    all: ['athlete'] as const,
    profile: () => [...queryKeys.athlete.all, 'profile'] as const,
  },
  // Every sending service's mail queue (the console's Outbox page, admins only).
  outbox: {
    all: ['outbox'] as const,
    byService: (service: string) => [...queryKeys.outbox.all, service] as const,
  },
  access: {
    all: ['access'] as const,
    byEvent: (eventId: string) => [...queryKeys.access.all, 'by-event', eventId] as const,
  },
  // The statuses an event may have, with their labels: fixed while the server runs, so no event
  // write invalidates them.
  eventStatuses: {
    all: ['event-statuses'] as const,
  },
  events: {
    all: ['events'] as const,
    list: () => [...queryKeys.events.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.events.all, 'detail', id] as const,
    // The venue's settings in the console (docs/venue.md).
    venue: (id: string) => [...queryKeys.events.all, 'venue', id] as const,
  },
  divisions: {
    all: ['divisions'] as const,
    byEvent: (eventId: string) => [...queryKeys.divisions.all, 'by-event', eventId] as const,
    detail: (id: string) => [...queryKeys.divisions.all, 'detail', id] as const,
  },
  teams: {
    all: ['teams'] as const,
    byEvent: (eventId: string) => [...queryKeys.teams.all, 'by-event', eventId] as const,
    byDivision: (divisionId: string) => [...queryKeys.teams.all, 'by-division', divisionId] as const,
    detail: (id: string) => [...queryKeys.teams.all, 'detail', id] as const,
  },
  workouts: {
    all: ['workouts'] as const,
    byEvent: (eventId: string) => [...queryKeys.workouts.all, 'by-event', eventId] as const,
    detail: (eventId: string, id: string) => [...queryKeys.workouts.all, 'detail', eventId, id] as const,
    scoreTypes: (eventId: string) => [...queryKeys.workouts.all, 'score-types', eventId] as const,
  },
  // Heats are event setup (competition-svc); lane results invalidate queryKeys.results too.
  heats: {
    all: ['heats'] as const,
    byWorkout: (eventId: string, workoutId: string) => [...queryKeys.heats.all, 'by-workout', eventId, workoutId] as const,
  },
  // Judge cards of an event (the console) and a judge link's sheet (the judge's phone).
  judgeLinks: {
    all: ['judge-links'] as const,
    byEvent: (eventId: string) => [...queryKeys.judgeLinks.all, 'by-event', eventId] as const,
  },
  judgeSheet: {
    all: ['judge-sheet'] as const,
    byLink: (linkKey: string) => [...queryKeys.judgeSheet.all, linkKey] as const,
  },
  results: {
    all: ['results'] as const,
    grid: (eventId: string, filter: { workoutId?: string; divisionId?: string } = {}) =>
      [...queryKeys.results.all, 'grid', eventId, filter] as const,
    publicationStatus: (eventId: string, filter: { workoutId?: string; divisionId?: string } = {}) =>
      [...queryKeys.results.all, 'publication-status', eventId, filter] as const,
    history: (resultId: string) => [...queryKeys.results.all, 'history', resultId] as const,
    // An event's activity changes with its results and its setup; it is always read fresh.
    activity: (eventId: string) => [...queryKeys.results.all, 'activity', eventId] as const,
  },
  // Registration (docs/registration.md): the public offer, the athlete's own list, the
  // organiser's settings and view; every registration write invalidates them all.
  registration: {
    all: ['registration'] as const,
    event: (eventId: string) => [...queryKeys.registration.all, 'event', eventId] as const,
    mine: () => [...queryKeys.registration.all, 'mine'] as const,
    transfer: (key: string) => [...queryKeys.registration.all, 'transfer', key] as const,
    /** My heats (docs/competition-day.md): every heat of the athlete's teams. */
    myHeats: () => [...queryKeys.registration.all, 'my-heats'] as const,
    settings: (divisionId: string) => [...queryKeys.registration.all, 'settings', divisionId] as const,
    paymentInstructions: (eventId: string) => [...queryKeys.registration.all, 'payment-instructions', eventId] as const,
    refundPolicy: (eventId: string) => [...queryKeys.registration.all, 'refund-policy', eventId] as const,
    discountCodes: (eventId: string) => [...queryKeys.registration.all, 'discount-codes', eventId] as const,
    organiser: (eventId: string, filter: { divisionId?: string; state?: string; waiverMissing?: boolean }) =>
      [...queryKeys.registration.all, 'organiser', eventId, filter] as const,
  },
  // Web Push (docs/competition-day.md, "Web Push"): the deployment's VAPID key and this
  // browser's notification state (permission and subscription, read from the browser).
  push: {
    all: ['push'] as const,
    key: () => [...queryKeys.push.all, 'key'] as const,
    browser: () => [...queryKeys.push.all, 'browser'] as const,
  },
  // Online qualifiers (docs/qualifiers.md): the athlete's released workouts and submissions.
  qualifiers: {
    all: ['qualifiers'] as const,
    mine: (eventId: string) => [...queryKeys.qualifiers.all, 'mine', eventId] as const,
    queue: (eventId: string, workoutId: string, state: string) => [...queryKeys.qualifiers.all, 'queue', eventId, workoutId, state] as const,
    freeze: (eventId: string) => [...queryKeys.qualifiers.all, 'freeze', eventId] as const,
  },
  // Appeals (docs/competition-day.md): the athlete's team's and the event's, for its staff.
  appeals: {
    all: ['appeals'] as const,
    mine: (eventId: string) => [...queryKeys.appeals.all, 'mine', eventId] as const,
    event: (eventId: string) => [...queryKeys.appeals.all, 'event', eventId] as const,
  },
  // Invitations from a qualifier to its final (docs/qualifiers.md): the organiser's page and
  // the athlete's invitations.
  finals: {
    all: ['finals'] as const,
    page: (eventId: string) => [...queryKeys.finals.all, 'page', eventId] as const,
    mine: () => [...queryKeys.finals.all, 'mine'] as const,
  },
  // Check-in at the door: the event's teams with present/absent.
  checkIn: {
    all: ['check-in'] as const,
    byEvent: (eventId: string) => [...queryKeys.checkIn.all, 'by-event', eventId] as const,
  },
  // The public site's views live under 'public', so the admin screens' prefix invalidations
  // never touch them (they refresh themselves on their own schedule).
  public: {
    all: ['public'] as const,
    events: (statuses: readonly string[], find: { registrationOpen: boolean; q: string } = { registrationOpen: false, q: '' }) =>
      [...queryKeys.public.all, 'events', [...statuses].sort(), find] as const,
    event: (id: string, includeUnpublished = false) => [...queryKeys.public.all, 'event', id, { includeUnpublished }] as const,
    eventLeaderboard: (id: string, includeUnpublished = false) => [...queryKeys.public.all, 'event-leaderboard', id, { includeUnpublished }] as const,
    // A view of one event reads ['public', <view>, eventId, …]: a live change of the whole event
    // invalidates them all by that (features/public/api/stream.ts). These prefixes serve the
    // changes that name divisions: every division or workout leaderboard of an event, every
    // team page.
    divisionLeaderboards: (eventId: string) => [...queryKeys.public.all, 'division-leaderboard', eventId] as const,
    divisionLeaderboard: (eventId: string, divisionId: string, includeUnpublished: boolean) =>
      [...queryKeys.public.divisionLeaderboards(eventId), divisionId, { includeUnpublished }] as const,
    // A board's pages and searches (docs/boards.md) sit under the division leaderboards' prefix,
    // so the changes that refresh a division's board refresh them too.
    boardPage: (eventId: string, divisionId: string, page: number, filter: { club?: string; country?: string; ageBand?: string } = {}) =>
      [
        ...queryKeys.public.divisionLeaderboards(eventId),
        divisionId,
        'board',
        page,
        { club: filter.club ?? '', country: filter.country ?? '', ageBand: filter.ageBand ?? '' },
      ] as const,
    boardSearch: (eventId: string, divisionId: string, q: string) =>
      [...queryKeys.public.divisionLeaderboards(eventId), divisionId, 'board-search', q] as const,
    workoutLeaderboards: (eventId: string) => [...queryKeys.public.all, 'workout-leaderboard', eventId] as const,
    workoutLeaderboard: (eventId: string, divisionId: string, workoutId: string, includeUnpublished: boolean) =>
      [...queryKeys.public.workoutLeaderboards(eventId), divisionId, workoutId, { includeUnpublished }] as const,
    teams: ['public', 'team'] as const,
    team: (id: string, includeUnpublished = false) => [...queryKeys.public.teams, id, { includeUnpublished }] as const,
    schedule: (eventId: string, includeUnpublished = false) => [...queryKeys.public.all, 'schedule', eventId, { includeUnpublished }] as const,
    adjustments: (eventId: string) => [...queryKeys.public.all, 'adjustments', eventId] as const,
    // "What do I need?" reads the whole division's results: any change of the event may alter it.
    whatItTakesOf: (eventId: string) => [...queryKeys.public.all, 'what-it-takes', eventId] as const,
    whatItTakes: (eventId: string, teamId: string, workoutId: string, rank: number) =>
      [...queryKeys.public.whatItTakesOf(eventId), teamId, workoutId, rank] as const,
    // The venue's TV settings of an event, and the event a heat belongs to (docs/venue.md).
    venue: (eventId: string) => [...queryKeys.public.all, 'venue', eventId] as const,
    heatRef: (heatId: string) => ['public-heat', heatId] as const,
    // The season's views span events: every live change invalidates them (api/stream.ts).
    season: ['public', 'season'] as const,
    home: () => [...queryKeys.public.season, 'home'] as const,
    series: (id: string) => [...queryKeys.public.season, 'series', id] as const,
    search: (q: string) => [...queryKeys.public.season, 'search', q] as const,
    // An athlete's profile spans events like the season's views: any live change refreshes it.
    athlete: (id: string) => [...queryKeys.public.season, 'athlete', id] as const,
  },
  // Series in the console (admins, and the organisers granted a series).
  series: {
    all: ['series'] as const,
    list: () => [...queryKeys.series.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.series.all, 'detail', id] as const,
    access: (id: string) => [...queryKeys.series.all, 'access', id] as const,
    activity: (id: string) => [...queryKeys.series.all, 'activity', id] as const,
  },
} as const;
