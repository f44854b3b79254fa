/** A mail's plain text with its links clickable: without a mail server, an admin follows a
 * confirmation link from here. */
export function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-sans text-sm text-slate-700">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-blue-700 underline" target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}
