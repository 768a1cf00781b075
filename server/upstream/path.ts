import "server-only";
import { encodeChainPathSegment } from "@/lib/chains";
import { InvalidRequestError } from "./errors";

/**
 * URL paths built so that no value can leave its segment: every interpolated value is
 * percent-encoded ('/' becomes %2F, ':' %3A) and the values "", "." and ".." are refused, since
 * a URL parser would collapse them into a different path.
 */

/** A value already encoded for a path segment (see chainSegment). */
export class EncodedSegment {
  constructor(readonly value: string) {}
}

type SegmentValue = string | number | EncodedSegment;

function checkSegment(raw: string, name: string) {
  if (raw === "" || raw === "." || raw === "..")
    throw new InvalidRequestError(`Path parameter ${name} must not be empty, "." or ".."`, {
      code: "invalid_path_segment",
      issues: [{ path: name, message: 'must not be empty, "." or ".."' }],
    });
}

function encodeSegment(value: SegmentValue, name: string): string {
  if (value instanceof EncodedSegment) return value.value;
  const raw = String(value);
  checkSegment(raw, name);
  return encodeURIComponent(raw);
}

/** A CAIP-2 id or chain alias as a segment, with ':' percent-encoded as the spec requires. */
export function chainSegment(chain: string): EncodedSegment {
  checkSegment(chain, "chain");
  return new EncodedSegment(encodeChainPathSegment(chain));
}

function join(strings: readonly string[], values: readonly SegmentValue[], names: readonly string[]): string {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += encodeSegment(value, names[i] ?? `#${i + 1}`) + (strings[i + 1] ?? "");
  });
  return out;
}

/** Template tag: path`/clients/${clientId}/wallets/${walletId}`. */
export function path(strings: TemplateStringsArray, ...values: SegmentValue[]): string {
  return join(strings, values, []);
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Fills a registry template ("/clients/{clientId}") through the same encoding as the tag. */
export function fillPath(template: string, params: Readonly<Record<string, SegmentValue | undefined>>): string {
  const strings = template.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
  const values = names.map((name) => {
    const value = params[name];
    if (value === undefined)
      throw new InvalidRequestError(`Path parameter ${name} is missing`, {
        code: "invalid_path_segment",
        issues: [{ path: name, message: "is missing" }],
      });
    return value;
  });
  return join(strings, values, names);
}
