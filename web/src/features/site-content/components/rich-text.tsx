/** Multi-line text from the content API: each line its own paragraph. */
export function Paragraphs({ text, className }: { text: string | undefined; className?: string }) {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <div className={className}>
      {lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}
