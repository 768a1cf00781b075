import { Download } from "lucide-react";

/** A link that downloads one of the console's files (the route streams it; nothing is kept here). */
export function DownloadLink({ href, fileName, children }: { href: string; fileName?: string; children: string }) {
  return (
    <a
      href={href}
      download={fileName ?? true}
      className="inline-flex h-8 items-center gap-1.5 rounded border border-border px-2.5 text-xs font-medium hover:bg-surface-2"
    >
      <Download className="size-3.5" aria-hidden />
      {children}
    </a>
  );
}
