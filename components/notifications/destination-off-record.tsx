import { RelativeTime } from "@/components/ui/relative-time";
import type { NotificationsView } from "@/lib/notifications";

const WARNING = "rounded border border-warning/40 bg-warning-soft p-3 text-sm";
const Url = ({ children }: { children: string }) => <span className="font-mono break-all">{children}</span>;

/**
 * What the vault holds that is not what the newest `notifications.destination` record set: a destination
 * deleted outside the console, or one put back (an older URL, or one an admin had cleared), which is not sent to.
 */
export function DestinationOffRecord({ destination }: { destination: NotificationsView["destination"] }) {
  const { lost, restored } = destination;
  if (lost)
    return (
      <div role="alert" className={WARNING}>
        The destination <Url>{lost.shown}</Url> that {lost.by ?? "an admin"} set <RelativeTime iso={lost.at} /> is gone:
        it was deleted outside the console (the audit log records it, the vault no longer holds it). Set it again.
      </div>
    );
  if (!restored) return null;
  const by = restored.by ?? "an admin";
  return (
    <div role="alert" className={WARNING}>
      {restored.shown === null ? (
        <>
          The vault holds the destination <Url>{restored.held}</Url>, but {by} cleared it{" "}
          <RelativeTime iso={restored.at} />.
        </>
      ) : restored.shown === restored.held ? (
        <>
          The vault holds a destination at <Url>{restored.held}</Url> that is not the one {by} set there{" "}
          <RelativeTime iso={restored.at} />.
        </>
      ) : (
        <>
          The vault holds the destination <Url>{restored.held}</Url>, not <Url>{restored.shown}</Url>, which {by} set{" "}
          <RelativeTime iso={restored.at} />.
        </>
      )}{" "}
      It was changed outside the console (put back from a backup, say), so nothing is sent there. Set the destination
      again.
    </div>
  );
}
