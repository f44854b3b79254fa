// Domain types: the generated contract (schema.d.ts) with every field present and the
// wrapper fields the server may send as JSON null typed as `T | null`.
import type { definitions } from './schema';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
type WithNull<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

/** The contract's words (proto/podium/types/v1/types.proto), generated as unions. */
export type ScoreType = definitions['podiumTypesV1ScoreType'];
export type EventStatus = definitions['podiumTypesV1EventStatus'];
export type ScoringTable = 'podium100' | 'games2012' | 'ranksum' | 'pscore' | 'custom';
/** The tie rules' words (types.proto WorkoutTies, OverallTieBreak; docs/scoring.md). */
export type WorkoutTies = 'share_better' | 'average_points' | 'tie_stand';
export type OverallTieBreak = 'countback' | 'by_workout' | 'shared';
export type ResultStatus = definitions['v1ResultStatus'];

export type Workout = WithNull<
  Complete<definitions['v1Workout']>,
  'timeCapSeconds' | 'timeCapText' | 'workoutOrder'
>;

/** A division's roster rule (docs/rosters.md); ages are null when open. */
export type DivisionRoster = Omit<WithNull<Complete<definitions['v1DivisionRoster']>, 'ageMin' | 'ageMax'>, 'composition'> & {
  composition: { category: string; count: number }[];
};
export type Division = Omit<Complete<definitions['v1Division']>, 'roster'> & { roster?: DivisionRoster | null };
/** One place on a team's roster (docs/rosters.md). */
export type RosterPlace = Complete<definitions['v1RosterPlace']>;

export type Event = Omit<Complete<definitions['v1Event']>, 'workouts' | 'divisions'> & {
  scoringTable: ScoringTable;
  workouts: Workout[];
  divisions: Division[];
};

export type ScoringSettings = {
  scoringTable: ScoringTable;
  customPoints: number[];
  rules: { workoutTies: WorkoutTies; overallTieBreak: OverallTieBreak; overallWorkoutId: string };
  workoutWeights: { workoutId: string; weight: number }[];
  /** Divisions with their own table or workout ties (docs/scoring.md); a division left out has the event's. */
  divisionOverrides?: { divisionId: string; scoringTable: string; workoutTies: string }[];
};

export type ScoringPreviewLine = {
  teamId: string;
  teamName: string;
  rankNow: number | null;
  totalNow: number | null;
  rankProposed: number | null;
  totalProposed: number | null;
};
export type ScoringPreview = {
  divisions: { divisionId: string; divisionName: string; lines: ScoringPreviewLine[] }[];
  changedScores: number;
};

export type ScoreTypeOption = Complete<definitions['podiumCompetitionV1ScoreType']>;

/** An event status with the label and badge colour competition-svc gives it. */
export type EventStatusOption = Complete<definitions['podiumCompetitionV1EventStatus']>;

export type Team = Omit<Complete<definitions['v1Team']>, 'athletes'> & { athletes: RosterPlace[] };
/** A roster place as a client sends it: athleteId is set by registration only. */
export type RosterPlaceInput = Partial<Omit<RosterPlace, 'athleteId'>> & { name: string };

export type Result = WithNull<
  Complete<definitions['v1Result']>,
  'id' | 'resultValue' | 'cappedReps' | 'tiebreakValue' | 'score' | 'rank' | 'timeCapSeconds' | 'timeCapText' | 'publicResultText' | 'penalty' | 'publicTiebreakValue'
>;

/** A deduction on a result (docs/scoring.md): seconds added, reps or points deducted. */
export type PenaltyKind = 'time' | 'reps' | 'points';
export type Penalty = { kind: PenaltyKind; amount: number; reason: string };

export type MatrixCell = Complete<definitions['v1MatrixCell']>;
export type ResultGrid = { rows: Result[]; cells: MatrixCell[] };

export type ResultInput = {
  teamId: string;
  workoutId: string;
  status: Exclude<ResultStatus, 'not_started'>;
  resultValue: number | null;
  cappedReps: number | null;
  /** A completed or capped result's tiebreak; none when absent or null. */
  tiebreakValue?: number | null;
  /** Done Scaled; Rx when absent. */
  scaled?: boolean;
  /** A penalty; none when absent. */
  penalty?: Penalty | null;
};

export type PublicationStatus = Complete<definitions['v1PublicationStatus']>;
export type LoginResponse = Complete<definitions['v1LoginResponse']>;

export type EventInput = {
  name: string;
  dateFrom: string;
  dateTo: string;
  location: string;
  description: string;
  detailsVisible: boolean;
  scoringTable: ScoringTable;
  customPoints: number[];
  status?: EventStatus;
  /** RFC 3339; "" clears it (never locks). */
  rosterLockAt?: string;
  /** en, de, fr or es (docs/architecture.md, "Languages"). */
  defaultLanguage?: string;
};

export type DivisionInput = { name: string; description: string; eventId: string; roster?: DivisionRoster };

export type WorkoutInput = {
  name: string;
  description: string;
  scoreType: ScoreType;
  timeCapSeconds: number | null;
  workoutOrder: number | null;
  /** '' for none: a workout's parts (docs/scoring.md); both always sent on an update. */
  partOf: string;
  parts: string;
};

export type NewTeam = { name: string; athlete1Name?: string; athlete2Name?: string; athletes?: RosterPlaceInput[] };
export type TeamUpdate = { name: string; divisionId: string; athlete1Name: string; athlete2Name: string; athletes?: RosterPlaceInput[] };
/** A team with results moves to another division only with deleteResults (its results go first). */
/** beyondCapacity: the organiser adds the team beyond its division's places on purpose (docs/registration.md, "Teams added by hand"). */
export type TeamChange = TeamUpdate & { deleteResults?: boolean; beyondCapacity?: boolean };

export type TeamImportRequest = { eventId: string; divisionId: string; csv: string; dryRun: boolean; beyondCapacity?: boolean };
export type TeamImportLineError = Complete<definitions['v1ImportLineError']>;
/** An import's answer: the first 100 teams and wrong lines, and how many there are of each. */
export type TeamImport = { created: Team[]; errors: TeamImportLineError[]; createdCount: number; createdTruncated: boolean; errorCount: number };

export type ResultSnapshot = WithNull<
  Complete<definitions['v1ResultSnapshot']>,
  'resultValue' | 'cappedReps' | 'tiebreakValue' | 'score' | 'rank'
>;
export type HistoryAction = 'created' | 'updated' | 'deleted' | 'published' | 'unpublished' | 'rescored';
export type ResultHistoryEntry = { at: string; actor: string; action: HistoryAction; before: ResultSnapshot | null; after: ResultSnapshot | null };
export type ResultHistory = Omit<Complete<definitions['v1ResultHistory']>, 'entries'> & {
  scoreType: ScoreType;
  entries: ResultHistoryEntry[];
};
export type ActivityEntry = Complete<definitions['v1ActivityEntry']>;
export type ActivityPage = { entries: ActivityEntry[]; nextBefore: string };
export type Role = 'admin' | 'organiser' | 'scorer';
/** A staff member's readings of a secret mail's link on the Outbox page (docs/access.md, "Athletes"). */
export type LinkReading = Complete<definitions['v1LinkReading']>;
export type AthleteProfile = Omit<WithNull<Complete<definitions['v1AthleteProfile']>, 'birthYear'>, 'linkReadings'> & {
  linkReadings: LinkReading[];
};
export type OutboxMail = Omit<WithNull<Complete<definitions['v1OutboxMail']>, 'sentAt'>, 'readings'> & { readings: LinkReading[] };
export type Outbox = Omit<Complete<definitions['v1OutboxResponse']>, 'mails'> & { mails: OutboxMail[] };
export type GrantRole = Exclude<Role, 'admin'>;
export type Me = Complete<definitions['v1Me']> & { role: Role };
export type User = WithNull<Complete<definitions['v1User']>, 'lastSignInAt'> & { role: Role };
export type NewUser = { username: string; password: string; role: Role };
export type AccessGrant = Complete<definitions['v1EventAccess']> & { role: GrantRole };

export type HeatLane = Complete<definitions['v1HeatLane']>;
export type Heat = Omit<Complete<definitions['v1Heat']>, 'lanes'> & { lanes: HeatLane[] };
export type LaneInput = { lane: number; teamId: string };
export type HeatInput = { number?: number; startTime: string; lanes: LaneInput[] };
export type HeatOrder = 'standings' | 'name' | 'random';
export type GenerateHeatsInput = {
  divisionIds: string[];
  lanesPerHeat: number;
  order: HeatOrder;
  firstStart: string;
  minutesBetween: number;
  /** Seat only the teams checked in as present (docs/registration.md, "Check-in"). */
  checkedInOnly?: boolean;
};
/** One heat of the signed-in athlete's teams (My heats). */
export type MyHeat = Complete<definitions['v1MyHeat']>;
/** A schedule shift (docs/competition-day.md): every heat of the event from fromHeatId on moves by
 * whole minutes, positive when the floor runs late. */
export type ShiftScheduleInput = { fromHeatId: string; minutes: number };
export type ShiftScheduleResult = Omit<Complete<definitions['v1ShiftScheduleResponse']>, 'heats'> & { heats: Heat[] };
export type PublishHeatResult = Complete<definitions['v1PublishHeatResponse']>;
/** A judge's lane result; teamId is the team the judge sees in the lane (409 when it moved). */
export type LaneResultInput = Omit<ResultInput, 'workoutId'>;
/** A judge card's link (docs/judging.md); token only on a new link and on its card. */
export type JudgeLink = Complete<definitions['v1JudgeLink']>;
export type JudgeStation = { lanes: number[]; label?: string };
export type CreateJudgeLinksInput = { workoutId: string; heatId?: string; stations: JudgeStation[] };
export type JudgeSheetLane = Complete<definitions['v1JudgeLane']>;
export type JudgeSheetHeat = Omit<Complete<definitions['v1JudgeHeat']>, 'lanes'> & { lanes: JudgeSheetLane[] };
export type JudgeSheet = WithNull<Omit<Complete<definitions['v1JudgeSheet']>, 'heats' | 'scoreType'>, 'timeCapSeconds' | 'timeCapText'> & {
  heats: JudgeSheetHeat[];
  scoreType: ScoreType;
};
/** A judge link's score: the lane's result with the id the phone made and the result text the
 * phone knew for the lane (the server refuses to overwrite anything else: 409, field basedOn). */
export type JudgeScoreInput = LaneResultInput & { clientId: string; basedOn: string };
export type ScheduleLane = Complete<definitions['v1ScheduleLane']>;
export type ScheduleHeat = Omit<Complete<definitions['v1ScheduleHeat']>, 'lanes'> & { lanes: ScheduleLane[] };
export type ScheduleWorkout = Omit<Complete<definitions['v1ScheduleWorkout']>, 'heats'> & { heats: ScheduleHeat[] };
export type Schedule = Omit<Complete<definitions['v1Schedule']>, 'workouts'> & { workouts: ScheduleWorkout[] };

/** The venue (docs/venue.md): the TV's rotation and the origins that may frame the embed boards. */
export type EventVenue = Complete<definitions['v1EventVenue']>;
export type EventVenueInput = Omit<EventVenue, 'eventId'>;
/** The event and workout of a heat of a visible event (the heat's stream overlay). */
export type PublicHeatRef = Complete<definitions['v1PublicHeatRef']>;
