"use client";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import type { Curve } from "@/lib/clients/addresses";
import { rawSignInputSchema } from "@/lib/lab/forms";
import type { RawSignResult } from "@/lib/lab/results";
import { rawSignLabDigest } from "@/server/actions/lab";
import { CheckList, LabCard, ValueList } from "./parts";
import { checkForm } from "./validate";

export function RawSignCard({ clientId }: { clientId: string }) {
  const [curve, setCurve] = useState<Curve>("SECP256K1");
  const [digest, setDigest] = useState("");
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<RawSignResult>();
  const sign = useAction(rawSignLabDigest, { errors: "inline", onSuccess: setResult });
  const errors = { ...sign.fieldErrors, ...localErrors };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(undefined);
    const checked = checkForm(rawSignInputSchema, { clientId, curve, digest });
    setLocalErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) sign.run(checked.data);
  }

  return (
    <LabCard
      id="lab-raw"
      title="Raw sign a digest"
      description="Signs 32 bytes as given (no hashing) with one curve's share; the server checks the signature against the wallet's public key with @noble/curves."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Raw sign a digest" className="space-y-3">
        <Field id="lab-raw-curve" label="Curve">
          <Select id="lab-raw-curve" value={curve} onChange={(e) => setCurve(e.target.value as Curve)}>
            <option value="SECP256K1">SECP256K1 (EVM chains)</option>
            <option value="ED25519">ED25519 (Solana)</option>
          </Select>
        </Field>
        <Field
          id="lab-raw-digest"
          label="Digest (hex)"
          error={errors.digest}
          hint="Exactly 64 hex characters (32 bytes), without the 0x prefix."
        >
          <Input
            id="lab-raw-digest"
            className="font-mono text-xs"
            autoComplete="off"
            spellCheck={false}
            value={digest}
            onChange={(e) => setDigest(e.target.value)}
            aria-invalid={Boolean(errors.digest)}
            aria-describedby={errors.digest ? "lab-raw-digest-error" : undefined}
          />
        </Field>
        <FormError message={errors.digest ? undefined : sign.formError} />
        <Button type="submit" variant="primary" disabled={sign.pending}>
          {sign.pending ? "Signing…" : "Raw sign"}
        </Button>
      </form>
      <div aria-live="polite">
        {result ? (
          <div className="mt-4 space-y-2 border-t border-border pt-3" role="status" aria-label="Raw signature">
            <ValueList
              label="Raw signature"
              rows={[
                { label: "Curve", value: result.curve },
                { label: "Digest", value: result.digest, copy: result.digest },
                { label: "Signature", value: result.signature, copy: result.signature, testId: "lab-raw-signature" },
              ]}
            />
            <CheckList checks={[result.check]} label="Signature check" />
          </div>
        ) : null}
      </div>
    </LabCard>
  );
}
