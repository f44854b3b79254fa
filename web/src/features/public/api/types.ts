// The public views: the generated contract with every field present and the
// wrapper fields the server may send as JSON null typed as `T | null`.
import type { definitions } from '@/lib/api/schema';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
type WithNull<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };
type Def<K extends keyof definitions> = Complete<definitions[K]>;

export type PublicResultStatus = definitions['v1ResultStatus'];
export type PublicEventStatus = definitions['v1PublicEventStatusValue'];
/** The workout type of public views: time, reps, maxweight or points (the contract's enum). */
export type WorkoutType = definitions['v1WorkoutType'];

export type PublicWorkout = WithNull<Def<'v1PublicWorkout'>, 'timeCapSeconds' | 'timeCapText' | 'workoutOrder' | 'orderIndex'>;
export type UpcomingWorkout = Def<'v1UpcomingWorkout'>;
export type PublicEvent = Omit<Def<'v1PublicEvent'>, 'workouts' | 'upcomingWorkouts'> & { workouts: PublicWorkout[]; upcomingWorkouts: UpcomingWorkout[] };

export type LeaderboardEvent = Def<'v1LeaderboardEvent'>;
export type NamedRef = Def<'v1NamedRef'>;
export type WorkoutProgress = Def<'v1WorkoutProgress'>;
export type DivisionProgress = Omit<Def<'v1DivisionProgress'>, 'workouts'> & { workouts: WorkoutProgress[] };
export type LeaderboardTeam = WithNull<Def<'v1LeaderboardTeam'>, 'overallRank' | 'totalPoints'>;
export type EventLeaderboard = {
  event: LeaderboardEvent;
  divisions: DivisionProgress[];
  teams: LeaderboardTeam[];
  lastUpdated: string;
  /** The answer is an admin preview (event.draft: of a Draft event). */
  includeUnpublished: boolean;
};

export type LeaderboardWorkout = WithNull<Def<'v1LeaderboardWorkout'>, 'orderIndex'>;
export type StandingWorkoutResult = WithNull<Def<'v1StandingWorkoutResult'>, 'rawResult' | 'points' | 'rank'>;
export type StandingTie = definitions['v1StandingTieValue'];
export type Standing = Omit<WithNull<Def<'v1Standing'>, 'rank' | 'totalPoints' | 'previousRank'>, 'workoutResults'> & {
  workoutResults: StandingWorkoutResult[];
};
export type DivisionLeaderboard = {
  event: LeaderboardEvent;
  division: NamedRef;
  workouts: LeaderboardWorkout[];
  standings: Standing[];
  lastUpdated: string;
  includeUnpublished: boolean;
  /** The last workout with a result shown: the standings' previousRank is before it ('' for none). */
  latestWorkoutId: string;
  /** How the event breaks equal totals; tieBreakWorkoutId names the workout of by_workout. */
  tieBreak: definitions['v1OverallTieBreak'];
  tieBreakWorkoutId: string;
};

// A division's board in pages (docs/boards.md), for boards of any size.
export type BoardRow = { standing: Standing; position: number; club: string; country: string };
export type BoardPage = Omit<DivisionLeaderboard, 'standings' | 'includeUnpublished'> & {
  page: number;
  pageSize: number;
  total: number;
  pages: number;
  rows: BoardRow[];
};
export type BoardEntryPlace = { row: BoardRow; page: number; pageSize: number; total: number };
export type BoardSearchResult = { entries: BoardEntryPlace[]; matches: number };

export type WorkoutLeaderboardRow = WithNull<Def<'v1WorkoutLeaderboardRow'>, 'rank' | 'displayRank' | 'rawResult' | 'points'>;
export type LeaderboardWorkoutDetail = WithNull<Def<'v1LeaderboardWorkoutDetail'>, 'timeCap' | 'timeCapText' | 'orderIndex'>;
export type WorkoutLeaderboard = {
  event: LeaderboardEvent;
  division: NamedRef;
  workout: LeaderboardWorkoutDetail;
  results: WorkoutLeaderboardRow[];
  workouts: LeaderboardWorkout[];
  lastUpdated: string;
  includeUnpublished: boolean;
};

export type TeamWorkoutRef = WithNull<Def<'v1TeamWorkoutRef'>, 'orderIndex'>;
export type TeamWorkoutResult = Omit<WithNull<Def<'v1TeamWorkoutResult'>, 'rawResult' | 'rank' | 'points'>, 'workout'> & {
  workout: TeamWorkoutRef;
};
export type TeamDetails = {
  team: Def<'v1TeamRef'>;
  division: NamedRef;
  event: LeaderboardEvent;
  overallRank: number | null;
  totalPoints: number | null;
  divisionStats: Def<'v1DivisionStats'>;
  completionStats: Def<'v1CompletionStats'>;
  workoutResults: TeamWorkoutResult[];
  lastUpdated: string;
  /** The server's word: a dns in any workout withdraws the team (the scoring rules). */
  withdrawn: boolean;
  /** The answer is an admin preview (event.draft: of a Draft event). */
  includeUnpublished: boolean;
};
export type TeamBookmarkSummary = WithNull<Def<'v1TeamBookmarkSummary'>, 'overallRank' | 'totalPoints'>;

// The season (docs/series.md): series standings, the federation's home, search.
export type PublicSeriesContribution = Def<'v1PublicSeriesContribution'>;
export type PublicSeriesStanding = Omit<Def<'v1PublicSeriesStanding'>, 'events'> & { events: PublicSeriesContribution[] };
export type PublicSeriesDivision = Omit<Def<'v1PublicSeriesDivision'>, 'standings'> & { standings: PublicSeriesStanding[] };
export type PublicSeriesEvent = Def<'v1PublicSeriesEvent'>;
export type PublicSeries = Omit<Def<'v1PublicSeries'>, 'events' | 'divisions'> & {
  events: PublicSeriesEvent[];
  divisions: PublicSeriesDivision[];
};
export type PublicSeriesSummary = Def<'v1PublicSeriesSummary'>;
export type HomePodiumPlace = Def<'v1HomePodiumPlace'>;
export type HomePodium = Omit<Def<'v1HomePodium'>, 'places'> & { places: HomePodiumPlace[] };
export type HomeEvent = Omit<Def<'v1HomeEvent'>, 'podiums'> & { podiums: HomePodium[] };
export type HomeRegistrationDivision = Def<'v1HomeRegistrationDivision'>;
export type HomeRegistration = Omit<Def<'v1HomeRegistration'>, 'divisions'> & { divisions: HomeRegistrationDivision[] };
export type PublicHome = {
  live: HomeEvent[];
  registrationOpen: HomeRegistration[];
  comingUp: HomeEvent[];
  recent: HomeEvent[];
  series: PublicSeriesSummary[];
};
export type PublicSearchTeam = Def<'v1PublicSearchTeam'>;
export type PublicSearchEvent = Def<'v1PublicSearchEvent'>;
export type PublicSearchAthlete = Omit<Def<'v1PublicSearchAthlete'>, 'teams'> & { teams: PublicSearchTeam[] };
export type PublicSearchResults = { events: PublicSearchEvent[]; teams: PublicSearchTeam[]; athletes: PublicSearchAthlete[] };

// The athlete's public profile (docs/registration.md, "The athlete's public profile").
export type PublicAthleteTeam = WithNull<Def<'v1PublicAthleteTeam'>, 'rank' | 'totalPoints'>;
export type PublicAthleteSeries = Def<'v1PublicAthleteSeries'>;
export type PublicAthlete = Omit<Def<'v1PublicAthlete'>, 'teams' | 'series'> & { teams: PublicAthleteTeam[]; series: PublicAthleteSeries[] };
