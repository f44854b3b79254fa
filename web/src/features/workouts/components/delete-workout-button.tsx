import { useState } from 'react';
import { Button } from '@/components/button';
import { FormField, Input } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { WORKOUT_MESSAGES } from '../rules/workout-form';

type Props = { workoutName: string; deleting: boolean; onConfirm: () => void };

/** Deleting needs the workout name typed exactly. */
export function DeleteWorkoutButton({ workoutName, deleting, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const confirm = () => {
    if (typed !== workoutName) {
      window.alert(WORKOUT_MESSAGES.deleteMismatch);
      return;
    }
    onConfirm();
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Workout
      </Button>
      <Modal open={open} title="Delete Workout" onClose={() => setOpen(false)}>
        <p className="mb-3 text-sm text-slate-600">
          This cannot be undone. Type <strong>{workoutName}</strong> to confirm.
        </p>
        <FormField label="Workout name" htmlFor="delete-workout-name" required>
          <Input id="delete-workout-name" value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus />
        </FormField>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" loading={deleting} onClick={confirm}>
            Delete
          </Button>
        </div>
      </Modal>
    </>
  );
}
