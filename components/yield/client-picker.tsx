"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { CLIENT_ID_MESSAGE, isClientId } from "@/lib/clients/client-id";
import { testClientsUrl } from "@/lib/lab/routes";
import type { TestClient } from "@/lib/lab/test-clients";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** Picks the client: one of the console's test clients (to act), or any client id (to read). */
export function ClientPicker({ current, onPick }: { current: string | null; onPick: (clientId: string) => void }) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  const tests = useQuery({
    queryKey: queryKeys.testClients.list(),
    queryFn: () => fetchJson<{ clients: TestClient[] }>(testClientsUrl()),
  });
  const list = tests.data?.clients ?? [];
  return (
    <section
      aria-label="Choose a client"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <Field id="yield-test-client" label="Test client (to act)" className="min-w-[16rem] flex-1">
        <Select
          id="yield-test-client"
          value={current && list.some((c) => c.clientId === current) ? current : ""}
          onChange={(e) => e.target.value && onPick(e.target.value)}
        >
          <option value="">{list.length === 0 ? "No test clients yet" : "Choose a test client…"}</option>
          {list.map((c) => (
            <option key={c.clientId} value={c.clientId}>
              {c.clientId}
              {c.isAccountAbstracted ? " (account-abstracted)" : ""}
              {c.hasShares ? "" : " — no wallet yet"}
            </option>
          ))}
        </Select>
      </Field>
      <form
        className="flex min-w-[16rem] flex-1 items-end gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // The same rule as the server's clientIdSchema, without loading zod into the page.
          const id = typed.trim();
          if (!isClientId(id)) return setError(CLIENT_ID_MESSAGE);
          setError(undefined);
          onPick(id);
        }}
      >
        <Field id="yield-any-client" label="Any client id (to read)" error={error} className="flex-1">
          <Input
            id="yield-any-client"
            value={typed}
            placeholder="cm…"
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={Boolean(error)}
            autoComplete="off"
          />
        </Field>
        <Button type="submit">Open</Button>
      </form>
    </section>
  );
}
