import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
      <p className="text-sm font-medium text-muted">404</p>
      <h1 className="text-xl font-semibold">This page does not exist</h1>
      <p className="text-sm text-muted">The address may be mistyped, or what it pointed to was removed.</p>
      <Link href="/" className="text-sm font-medium text-accent underline-offset-4 hover:underline">
        Back to the console
      </Link>
    </div>
  );
}
