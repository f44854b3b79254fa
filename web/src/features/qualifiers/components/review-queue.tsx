import { useState } from 'react';
import { FormField, Select } from '@/components/form-field';
import { errorMessage } from '@/components/error-panel';
import { useSubmissionQueue } from '../api/review';
import { ReviewItem } from './review-item';

const STATES = [
  { value: '', label: 'All (unreviewed first)' },
  { value: 'unreviewed', label: 'Awaiting review' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'adjusted', label: 'Adjusted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'penalised', label: 'Penalty' },
];

/** A workout's submissions for its judges (docs/qualifiers.md), unreviewed first, with a filter. */
export function ReviewQueue({ eventId, workoutId }: { eventId: string; workoutId: string }) {
  const [state, setState] = useState('');
  const query = useSubmissionQueue(eventId, workoutId, state);
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <FormField label="Show" htmlFor="review-state">
          <Select id="review-state" value={state} onChange={(e) => setState(e.target.value)}>
            {STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {query.isPending && <p className="text-sm text-slate-500">Loading submissions…</p>}
      {query.isError && (
        <p role="alert" className="text-sm text-red-700">
          Submissions could not be loaded: {errorMessage(query.error)}
        </p>
      )}
      {query.data && query.data.submissions.length === 0 && <p className="text-sm text-slate-600">No submissions yet.</p>}
      {query.data && (
        <ul className="space-y-3">
          {query.data.submissions.map((item) => (
            <ReviewItem
              key={item.submission.id}
              item={item}
              scoreType={query.data.scoreType}
              cap={{ timeCapSeconds: query.data.timeCapSeconds ?? null, timeCapText: query.data.timeCapText ?? null }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
