// Seeds a competition through the admin API of a running stack (the builder, events.ts), for the
// public-site browser tests.
import { createEvent, login, saveAndPublish, type Session } from './events';

export type Seeded = {
  session: Session;
  eventId: string;
  hiddenEventId: string;
  rx: { id: string; teams: { id: string; name: string }[] };
  scaled: { id: string; teams: { id: string; name: string }[] };
  workouts: { time: string; reps: string; weight: string };
  /** An RX team whose weight result is left out, for the live-refresh test. */
  lateTeamId: string;
};

export const EVENT_NAME = 'Summer Throwdown 2026';
export const HIDDEN_EVENT_NAME = 'Autumn Open 2026';

const FRAN_MD = [
  '## Fran for pairs',
  '',
  '21-15-9 reps, partners split as they like:',
  '',
  '| Movement | Load |',
  '|---|---|',
  '| Thrusters | 43/30 kg |',
  '| Pull-ups | — |',
  '',
  '- [x] Warm up together',
  '- [ ] ~~Rest~~',
  '',
  '> Time cap 10:00.[^1]',
  '',
  '<script>window.__pwned = true</script><a href="javascript:window.__pwned=true">trap</a>',
  '',
  '[^1]: Capped teams score CAP + reps.',
].join('\n');

export async function seed(baseUrl: string, username: string, password: string): Promise<Seeded> {
  const session = await login(baseUrl, username, password);
  const event = await createEvent(session, {
    name: EVENT_NAME,
    dateFrom: '2026-06-13',
    dateTo: '2026-06-14',
    location: 'Leeds Arena',
    description: 'Two days of **team** fitness. Pairs compete in three workouts.',
    detailsVisible: true,
    status: 'IN_PROGRESS',
  });
  const hidden = await createEvent(session, {
    name: HIDDEN_EVENT_NAME,
    dateFrom: '2026-09-20',
    dateTo: '2026-09-20',
    location: 'York',
    description: '',
    detailsVisible: false,
    status: 'PUBLISHED',
  });

  const teams = (rows: [string, string, string][]) => rows.map(([name, athlete1Name, athlete2Name]) => ({ name, athlete1Name, athlete2Name }));
  const { division: rxDivision, teams: rxTeams } = await event.division(
    'RX Pairs',
    'Prescribed weights and movements',
    teams([
      ['Barbell Bandits', 'Ana Silva', 'Ben Hart'],
      ['Kettlebell Kings', 'Carl Moss', 'Dan Reid'],
      ['Wall Ball Warriors', 'Eve Lang', 'Fay North'],
      ['Rowing Rebels', 'Gus Pike', 'Hal Stone'],
      ['Thruster Thunder', 'Ivy Cole', 'Jo Marsh'],
      ['Pull-up Pirates', 'Kai Lowe', 'Lee Dunn'],
    ]),
  );
  const { division: scaledDivision, teams: scaledTeams } = await event.division(
    'Scaled Mixed',
    'Lighter loads, one man and one woman',
    teams([
      ['Anchor Crew', 'Mia Ross', 'Ned Gray'],
      ['Box Jumpers', 'Ola Finn', 'Pat Quinn'],
      ['Core Crushers', 'Quin Shaw', 'Rae Tate'],
      ['Deadlift Darlings', 'Sam Vale', 'Tia West'],
    ]),
  );

  const workout = (name: string, description: string, scoreType: string, timeCapSeconds: number | undefined, workoutOrder: number) =>
    event.workout({ name, description, scoreType, timeCapSeconds, workoutOrder });
  const time = await workout('Fran Pairs', FRAN_MD, 'TIME', 600, 1);
  const reps = await workout('Burpee Ladder', 'As many burpees as possible in **7 minutes**.', 'REPS', 420, 2);
  const weight = await workout('Deadlift Ladder', '', 'MAX_WEIGHT', undefined, 3);

  const [a, b, c, d, e, f] = rxTeams.map((t) => t.id) as [string, string, string, string, string, string];
  const [s1, s2, s3] = scaledTeams.map((t) => t.id) as [string, string, string, string];
  await saveAndPublish(session, [
    { teamId: a, workoutId: time.id, status: 'completed', resultValue: 312 },
    { teamId: b, workoutId: time.id, status: 'completed', resultValue: 298 },
    { teamId: c, workoutId: time.id, status: 'completed', resultValue: 401 },
    { teamId: d, workoutId: time.id, status: 'completed', resultValue: 455 },
    { teamId: e, workoutId: time.id, status: 'capped', cappedReps: 15 },
    { teamId: f, workoutId: time.id, status: 'dnf' },
    { teamId: a, workoutId: reps.id, status: 'completed', resultValue: 142 },
    { teamId: b, workoutId: reps.id, status: 'completed', resultValue: 131 },
    { teamId: c, workoutId: reps.id, status: 'completed', resultValue: 150 },
    { teamId: d, workoutId: reps.id, status: 'dns' },
    { teamId: e, workoutId: reps.id, status: 'completed', resultValue: 120 },
    { teamId: a, workoutId: weight.id, status: 'completed', resultValue: 180 },
    { teamId: b, workoutId: weight.id, status: 'completed', resultValue: 200 },
    { teamId: c, workoutId: weight.id, status: 'completed', resultValue: 165 },
    { teamId: s1, workoutId: time.id, status: 'completed', resultValue: 520 },
    { teamId: s2, workoutId: time.id, status: 'completed', resultValue: 488 },
    { teamId: s3, workoutId: time.id, status: 'capped', cappedReps: 40 },
  ]);

  return {
    session,
    eventId: event.id,
    hiddenEventId: hidden.id,
    rx: { id: rxDivision.id, teams: rxTeams },
    scaled: { id: scaledDivision.id, teams: scaledTeams },
    workouts: { time: time.id, reps: reps.id, weight: weight.id },
    lateTeamId: d,
  };
}
