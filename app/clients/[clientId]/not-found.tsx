import { UserX } from "lucide-react";
import Link from "next/link";

export default function ClientNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-20 text-center">
      <UserX className="size-8 text-muted" aria-hidden />
      <h1 className="text-xl font-semibold">No such client</h1>
      <p className="text-sm text-muted">
        The upstream has no client with this id. Check the id, or find the client by address on the clients page.
      </p>
      <Link href="/clients" className="text-sm font-medium text-accent hover:underline">
        Back to clients
      </Link>
    </div>
  );
}
