/** The message of a refused form, above its submit button. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
