/**
 * The server refused teams because their division has too few places left (field
 * beyondCapacity): its message, and the organiser's explicit choice to add them beyond the
 * capacity on the next save (docs/registration.md, "Teams added by hand").
 */
export function BeyondCapacity({ message, checked, onChange }: { message: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div role="alert" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p>{message}</p>
      <label className="mt-2 flex items-center gap-2 font-medium">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        Add beyond the division's capacity
      </label>
      <p className="mt-1 text-xs">Tick it and save again: the teams are added, and athletes who register meanwhile go on the waiting list.</p>
    </div>
  );
}
