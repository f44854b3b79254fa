/** A failure shown next to the control that caused it; nothing when there is none. */
export function InlineAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <span role="alert" className="text-sm text-red-700">
      {message}
    </span>
  );
}
