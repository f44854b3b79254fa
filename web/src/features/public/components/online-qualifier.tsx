// An online qualifier on the public pages (docs/qualifiers.md): the mark, each workout's
// window, and the workouts not released yet, by number and times alone (the server never
// sends their names). The times come written in the event's zone, named.

type Upcoming = { number: number; releaseText: string; deadlineText: string };

export function OnlineQualifierBadge() {
  return <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">Online qualifier</span>;
}

/** A released workout's window: "Released … · Submit by …"; nothing without one. */
export function WorkoutWindow({ releaseText, deadlineText }: { releaseText: string; deadlineText: string }) {
  if (!releaseText && !deadlineText) return null;
  return (
    <p className="mt-1 flex flex-col gap-0.5 text-sm text-slate-700 sm:flex-row sm:gap-3">
      {releaseText && <span>Released {releaseText}</span>}
      {deadlineText && <span className="font-medium">Submit by {deadlineText}</span>}
    </p>
  );
}

/** The workouts still to be released: "Workout 2 releases …", never a name. */
export function UpcomingWorkouts({ upcoming }: { upcoming: Upcoming[] }) {
  if (upcoming.length === 0) return null;
  return (
    <ul aria-label="Workouts still to be released" className="mt-3 space-y-2">
      {upcoming.map((u) => (
        <li key={u.number} className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">
            Workout {u.number} releases {u.releaseText}
          </p>
          {u.deadlineText && <p className="mt-0.5">Submit by {u.deadlineText}</p>}
        </li>
      ))}
    </ul>
  );
}
