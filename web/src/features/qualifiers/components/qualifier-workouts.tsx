import { scoreTypeWord } from '@/lib/i18n/words';
import { Badge } from '@/components/badge';
import { errorMessage } from '@/components/error-panel';
import { useMySubmissions, type SubmissionWorkout } from '../api/submissions';
import { reviewLabel, zonedTime } from '../rules/review';
import { SubmitForm } from './submit-form';
import { useDeadline } from './use-deadline';

function WorkoutItem({ eventId, timeZone, workout }: { eventId: string; timeZone: string; workout: SubmissionWorkout }) {
  const sub = workout.submission;
  const review = sub ? reviewLabel(sub.reviewState) : null;
  // The form locks itself when the deadline passes, without waiting for a reload.
  const deadline = useDeadline(workout.submissionDeadline);
  const open = workout.open && !deadline.passed;
  return (
    <li className="py-3" data-testid="qualifier-workout">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{workout.name}</p>
          <p className="text-xs text-slate-600">
            {scoreTypeWord(workout.scoreType)}
            {workout.timeCapText ? ` · cap ${workout.timeCapText}` : ''}
            {workout.videoRequired ? ' · video required' : ''}
          </p>
          <p className="text-xs text-slate-600">
            {open ? 'Submit by ' : 'Closed '}
            {zonedTime(workout.submissionDeadline, timeZone)}
            {open && deadline.left ? ` · ${deadline.left}` : ''}
          </p>
        </div>
        {review && <Badge color={review.color}>{review.label}</Badge>}
      </div>
      {sub && (
        <p className="mt-2 text-sm text-slate-700">
          Your score: <strong>{sub.resultText}</strong>
          {sub.reviewReason && (
            <>
              {' '}
              · Judges: <span data-testid="review-reason">{sub.reviewReason}</span>
            </>
          )}
          {sub.penaltyText && (
            <span className="block text-amber-800" data-testid="penalty">
              Penalty: {sub.penaltyText}
            </span>
          )}
        </p>
      )}
      {open ? (
        <SubmitForm eventId={eventId} workout={workout} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">Locked: the submission deadline has passed.</p>
      )}
    </li>
  );
}

/**
 * An online event's released workouts for the athlete's confirmed team, each with its
 * submission and, until the deadline, the form to submit or change it. Nothing for an
 * in-person event.
 */
export function QualifierWorkouts({ eventId }: { eventId: string }) {
  const query = useMySubmissions(eventId);
  if (query.isPending) return null;
  if (query.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        Your qualifier workouts could not be loaded: {errorMessage(query.error)}
      </p>
    );
  const { workouts, timeZone } = query.data;
  if (!query.data.teamId || workouts.length === 0) return null;
  return (
    <section className="mt-3 border-t border-slate-100 pt-3" aria-label="Qualifier workouts">
      <h3 className="text-sm font-semibold text-slate-800">Qualifier workouts</h3>
      <ul className="divide-y divide-slate-100">
        {workouts.map((w) => (
          <WorkoutItem key={w.workoutId} eventId={eventId} timeZone={timeZone} workout={w} />
        ))}
      </ul>
    </section>
  );
}
