import { Fragment } from 'react';
import { Link } from 'react-router';

/** note: a word after the name ("captain", "substitute"), or ''. */
type Named = { name: string; id: string; note?: string };

/** A team's athletes, each linked to their public profile when an account carries the name
 * (a name typed in by hand, or a deleted account, has none). */
export function AthleteLinks({ athletes }: { athletes: Named[] }) {
  const shown = athletes.filter((a) => a.name.trim() !== '');
  return (
    <>
      {shown.map((a, i) => (
        <Fragment key={i}>
          {i > 0 && ' • '}
          {a.id ? (
            <Link to={`/public/athletes/${a.id}`} className="font-medium text-blue-700 hover:underline">
              {a.name}
            </Link>
          ) : (
            a.name
          )}
          {a.note && <span className="text-xs text-slate-500"> ({a.note})</span>}
        </Fragment>
      ))}
    </>
  );
}
