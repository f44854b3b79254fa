// The browser tests' one event builder: events, divisions with their teams, workouts, results
// and their publication through the admin /api of a running stack, as an organiser makes them,
// with the answers typed by the generated contract (src/lib/api/types). The Go tests have the
// same builder in internal/eventtest (docs/architecture.md, "Tests").
import type { Division, Event, LoginResponse, Result, Team, Workout } from '../src/lib/api/types';

/** A request body with the contract's JSON names and words. */
export type Fields = Record<string, unknown>;

/** A new team: its name, and its athletes when the test shows them. */
export type NewTeam = { name: string; athlete1Name?: string; athlete2Name?: string };

export async function api<T>(baseUrl: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A gateway and a session: what the builder creates with. */
export type Session = { baseUrl: string; token: string };

export async function login(baseUrl: string, username: string, password: string): Promise<Session> {
  const { token } = await api<LoginResponse>(baseUrl, null, 'POST', '/auth/login', { username, password });
  return { baseUrl, token };
}

export class BuiltEvent {
  constructor(
    private readonly session: Session,
    readonly event: Event,
  ) {}

  get id(): string {
    return this.event.id;
  }

  private call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return api<T>(this.session.baseUrl, this.session.token, method, path, body);
  }

  /** A division (description may be empty) and its teams, in one bulk request. */
  async division(name: string, description = '', teams: NewTeam[] = []): Promise<{ division: Division; teams: Team[] }> {
    const division = await this.call<Division>('POST', '/divisions', { name, description, eventId: this.id });
    return { division, teams: teams.length === 0 ? [] : await this.addTeams(division.id, teams) };
  }

  /** Teams added to a division in one bulk request. */
  addTeams(divisionId: string, teams: NewTeam[]): Promise<Team[]> {
    return this.call<Team[]>('POST', '/teams/bulk', { eventId: this.id, divisionId, teams });
  }

  /** A workout from fields (name, scoreType, timeCapSeconds, workoutOrder, description). */
  workout(fields: Fields): Promise<Workout> {
    return this.call<Workout>('POST', `/events/${this.id}/workouts`, fields);
  }
}

/** Rows (teamId, workoutId, status, resultValue, cappedReps) saved in one batch. */
export async function saveResults(session: Session, rows: Fields[]): Promise<Result[]> {
  return (await api<{ results: Result[] }>(session.baseUrl, session.token, 'POST', '/results/batch', { results: rows })).results;
}

export async function publish(session: Session, results: Result[]): Promise<void> {
  await api(session.baseUrl, session.token, 'POST', '/results/publication/publish', { resultIds: results.map((r) => r.id) });
}

/** Saves rows in one batch and publishes them. */
export async function saveAndPublish(session: Session, rows: Fields[]): Promise<void> {
  await publish(session, await saveResults(session, rows));
}

/** Creates an event from fields (name, dateFrom, dateTo, status, detailsVisible, …). */
export async function createEvent(session: Session, fields: Fields): Promise<BuiltEvent> {
  return new BuiltEvent(session, await api<Event>(session.baseUrl, session.token, 'POST', '/events', fields));
}
