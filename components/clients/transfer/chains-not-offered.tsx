import { chainNames, type ChainsNotOffered as NotOffered } from "@/lib/clients/transfer-chains";

/** Under the transfer chain picker: the chains left out of it, and why. */
export function ChainsNotOffered({ notOffered, id }: { notOffered: readonly NotOffered[]; id: string }) {
  if (notOffered.length === 0) return null;
  return (
    <div id={id} className="space-y-1 text-xs text-muted" data-testid="chains-not-offered">
      <p className="font-medium">Not offered here:</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {notOffered.map((n) => (
          <li key={n.family}>
            {chainNames(n.chains)}: {n.reason}.
          </li>
        ))}
      </ul>
    </div>
  );
}
