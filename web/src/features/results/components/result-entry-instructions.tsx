export function ResultEntryInstructions() {
  return (
    <ul className="mt-4 list-disc space-y-0.5 pl-5 text-xs text-slate-600">
      <li>Edit the Result column. TIME uses MM:SS (e.g. 5:30) or seconds; results must be greater than 0.</li>
      <li>Capped: CAP+15 (or CAP 15) for TIME workouts. Also DNF, DNS or WD (withdrawn).</li>
      <li>Tab moves between cells. Modified rows are yellow.</li>
      <li>Ctrl/Cmd+S saves · Ctrl/Cmd+Z undo · Ctrl+Y or Cmd+Shift+Z redo.</li>
    </ul>
  );
}
