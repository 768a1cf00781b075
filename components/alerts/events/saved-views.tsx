"use client";
import { useQuery } from "@tanstack/react-query";
import { Bookmark, Trash2 } from "lucide-react";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { savedViewsUrl } from "@/lib/shared/routes";
import type { SavedView } from "@/lib/shared/saved-views";
import { deleteEventsView, saveEventsView } from "@/server/actions/alerts";

const SCOPE = "alerts.events";

/** Named filter sets of this user: pick one to load its filters; save the current ones under a name. */
export function SavedViews({ query, onPick }: { query: string; onPick: (query: string) => void }) {
  const key = queryKeys.savedViews.list(SCOPE);
  const views = useQuery({
    queryKey: key,
    queryFn: () => fetchJson<{ views: SavedView[] }>(savedViewsUrl(SCOPE)),
  });
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const save = useAction(saveEventsView, {
    errors: "inline",
    invalidate: [key],
    successMessage: (v) => `Saved the view “${v.name}”.`,
    onSuccess: () => {
      setNaming(false);
      setName("");
    },
  });
  const remove = useAction(deleteEventsView, { invalidate: [key], successMessage: "View deleted." });
  const list = views.data?.views ?? [];
  const current = list.find((v) => v.query === query);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="saved-view" className="sr-only">
        Saved views
      </label>
      <Select
        id="saved-view"
        className="h-8 w-52 text-sm"
        value={current?.id ?? ""}
        onChange={(e) => {
          const view = list.find((v) => v.id === e.target.value);
          if (view) onPick(view.query);
        }}
      >
        <option value="">{list.length === 0 ? "No saved views yet" : "Pick a view…"}</option>
        {list.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </Select>
      <Button size="sm" onClick={() => setNaming(true)}>
        <Bookmark className="size-4" aria-hidden /> Save view
      </Button>
      {current ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => remove.run({ id: current.id })}
          aria-label={`Delete the view ${current.name}`}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      ) : null}
      <Dialog
        open={naming}
        onOpenChange={(open) => {
          setNaming(open);
          if (!open) save.reset();
        }}
        title="Save these filters"
        description="Only you see your saved views. A view with the same name is replaced."
      >
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.run({ scope: SCOPE, name, query });
          }}
        >
          <Field id="view-name" label="Name" error={save.fieldErrors.name}>
            <Input
              id="view-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="Failed on Sepolia"
            />
          </Field>
          <FormError message={save.fieldErrors.name ? undefined : save.formError} />
          <div className="flex justify-end gap-2">
            <Button onClick={() => setNaming(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={save.pending}>
              Save view
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
