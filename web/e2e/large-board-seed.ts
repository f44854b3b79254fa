// The limit case for the spectator's phone: 100 teams × 8 workouts, every result published.
import { createEvent, login, saveAndPublish } from './events';

const TEAMS = 100;
const WORKOUTS = 8;
const SCORE_TYPES = ['TIME', 'REPS', 'MAX_WEIGHT'] as const;

export type LargeBoard = { eventId: string; divisionId: string; workoutIds: string[] };

/** One division of 100 teams with a published result in each of 8 workouts. */
export async function seedLargeBoard(baseUrl: string, username: string, password: string): Promise<LargeBoard> {
  const session = await login(baseUrl, username, password);
  const event = await createEvent(session, {
    name: 'National Pairs Final 2026',
    dateFrom: '2026-07-04',
    dateTo: '2026-07-05',
    location: 'Manchester',
    description: '',
    detailsVisible: true,
    status: 'IN_PROGRESS',
  });
  const { division, teams } = await event.division(
    'Open Pairs',
    '',
    Array.from({ length: TEAMS }, (_, i) => ({ name: `Team ${String(i + 1).padStart(3, '0')}`, athlete1Name: `Athlete A${i + 1}`, athlete2Name: `Athlete B${i + 1}` })),
  );
  const workouts: { id: string; scoreType: string }[] = [];
  for (let w = 0; w < WORKOUTS; w += 1) {
    const scoreType = SCORE_TYPES[w % SCORE_TYPES.length]!;
    const created = await event.workout({
      name: `Workout ${w + 1}`,
      description: '',
      scoreType,
      timeCapSeconds: scoreType === 'MAX_WEIGHT' ? undefined : 900,
      workoutOrder: w + 1,
    });
    workouts.push({ id: created.id, scoreType });
  }
  await saveAndPublish(
    session,
    teams.flatMap((team, t) =>
      workouts.map((w) => ({ teamId: team.id, workoutId: w.id, status: 'completed', resultValue: w.scoreType === 'TIME' ? 300 + ((t * 7) % 500) : 50 + ((t * 13) % 200) })),
    ),
  );
  return { eventId: event.id, divisionId: division.id, workoutIds: workouts.map((w) => w.id) };
}
