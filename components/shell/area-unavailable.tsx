import { Construction } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/states";

/** An area of the sidebar whose pages this version of the console does not have yet. */
export function AreaUnavailable({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title="This area is not available yet" icon={<Construction className="size-6" aria-hidden />}>
        This version of the console does not have these pages yet.
      </EmptyState>
    </>
  );
}
