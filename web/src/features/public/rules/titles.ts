// The public pages' titles, as public-svc words them for the HTML the gateway serves
// (public-svc/views_meta.go): a shared link previews with that one, and the app sets the same as
// it moves between pages. The browser test compares the two.

const SITE = 'Podium';

const titled = (...parts: string[]): string => [...parts, SITE].join(' · ');

export const pageTitles = {
  events: () => titled('Events'),
  event: (event: string) => titled(event),
  leaderboard: (event: string) => titled('Leaderboard', event),
  teams: (event: string) => titled('Teams', event),
  schedule: (event: string) => titled('Schedule', event),
  adjustments: (event: string) => titled('Adjustments', event),
  division: (division: string, event: string) => titled(`${division} standings`, event),
  workout: (workout: string, division: string, event: string) => titled(workout, division, event),
  team: (team: string, event: string) => titled(team, event),
  athlete: (name: string) => titled(name),
};
