"use client";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { DEFAULT_LAB_CHAIN, labEvmChainOptions } from "@/lib/lab/chains";
import { signMessageInputSchema, type LabSignMethod } from "@/lib/lab/forms";
import type { SignMessageResult } from "@/lib/lab/results";
import { exampleTypedData } from "@/lib/lab/typed-data";
import { signLabMessage } from "@/server/actions/lab";
import { LabCard, ValueList, Verdict, textareaClass } from "./parts";
import { checkForm } from "./validate";

const METHOD_LABELS: Record<LabSignMethod, string> = {
  personal_sign: "Message (personal_sign)",
  eth_signTypedData_v4: "Typed data (eth_signTypedData_v4)",
};

export function SignMessageCard({ clientId }: { clientId: string }) {
  const [chainId, setChainId] = useState<string>(DEFAULT_LAB_CHAIN);
  const [method, setMethod] = useState<LabSignMethod>("personal_sign");
  const [message, setMessage] = useState("Hello from the Custodian Console wallet lab");
  const [typedData, setTypedData] = useState(() => exampleTypedData(DEFAULT_LAB_CHAIN));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<SignMessageResult>();
  const sign = useAction(signLabMessage, {
    errors: "inline",
    fields: ["chainId", "message", "typedData"],
    onSuccess: setResult,
  });
  const errors = { ...sign.fieldErrors, ...localErrors };

  function chooseChain(next: string) {
    // The example follows the chain (its domain names the chain); text the user wrote is left alone.
    if (typedData === exampleTypedData(chainId)) setTypedData(exampleTypedData(next));
    setChainId(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(undefined);
    const input =
      method === "personal_sign" ? { method, clientId, chainId, message } : { method, clientId, chainId, typedData };
    const checked = checkForm(signMessageInputSchema, input);
    setLocalErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) sign.run(checked.data);
  }

  return (
    <LabCard
      id="lab-sign"
      title="Sign a message"
      description="Signs with the client's SECP256K1 share on the chosen chain; the server recovers the signer from the signature with viem and sets it beside the expected one."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign a message" className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="lab-sign-chain" label="Chain" error={errors.chainId}>
            <Select id="lab-sign-chain" value={chainId} onChange={(e) => chooseChain(e.target.value)}>
              {labEvmChainOptions().map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="lab-sign-method" label="What to sign">
            <Select
              id="lab-sign-method"
              value={method}
              onChange={(e) => {
                setMethod(e.target.value as LabSignMethod);
                setLocalErrors({});
              }}
            >
              {(Object.keys(METHOD_LABELS) as LabSignMethod[]).map((m) => (
                <option key={m} value={m}>
                  {METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {method === "personal_sign" ? (
          <Field id="lab-sign-message" label="Message" error={errors.message} hint="Signed as UTF-8 text (EIP-191).">
            <textarea
              id="lab-sign-message"
              rows={3}
              className={textareaClass}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              aria-invalid={Boolean(errors.message)}
            />
          </Field>
        ) : (
          <Field
            id="lab-sign-typed"
            label="Typed data (JSON)"
            error={errors.typedData}
            hint="EIP-712: domain, types, primaryType and message; domain.chainId must be the chosen chain's."
          >
            <textarea
              id="lab-sign-typed"
              rows={10}
              spellCheck={false}
              className={`${textareaClass} font-mono text-xs`}
              value={typedData}
              onChange={(e) => setTypedData(e.target.value)}
              aria-invalid={Boolean(errors.typedData)}
            />
          </Field>
        )}
        <FormError message={sign.formError} />
        <Button type="submit" variant="primary" disabled={sign.pending}>
          {sign.pending ? "Signing…" : "Sign"}
        </Button>
      </form>
      <div aria-live="polite">{result ? <SignatureResult result={result} /> : null}</div>
    </LabCard>
  );
}

function SignatureResult({ result }: { result: SignMessageResult }) {
  return (
    <div className="mt-4 space-y-2 border-t border-border pt-3" role="status" aria-label="Signature">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Signed.</span>
        <Verdict ok={result.matches} yes="Signer verified" no="Signer does not match" />
      </div>
      <ValueList
        label="Signature and signer"
        rows={[
          { label: "Signature", value: result.signature, copy: result.signature, testId: "lab-signature" },
          {
            label: result.expected.role === "owner-key" ? "Expected signer (owner key)" : "Expected signer",
            value: result.expected.address,
            copy: result.expected.address,
            testId: "lab-expected-signer",
          },
          {
            label: "Recovered signer",
            value: result.recovered,
            copy: result.recovered,
            testId: "lab-recovered-signer",
          },
        ]}
      />
      {result.expected.note ? (
        <p className="text-xs text-muted [overflow-wrap:anywhere]">{result.expected.note}</p>
      ) : null}
    </div>
  );
}
