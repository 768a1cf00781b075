import type { Context } from "hono";
import type { z } from "zod";
import { readJsonObject } from "../http/errors";
import { parseInput } from "../http/validate";
import { MpcError } from "./errors";

/** The JSON object body; an empty body reads as {} (generate takes none). Errors in the MPC envelope. */
export function readBody(c: Context): Promise<Record<string, unknown>> {
  return readJsonObject(
    c,
    (problem) =>
      new MpcError(
        "BAD_REQUEST",
        problem === "not-json"
          ? "Can't parse the request body: it is not JSON"
          : "Can't parse the request body: expected a JSON object",
      ),
  );
}

/** Validates with a contract schema (lib/contracts/mpc.ts); a failure names every bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return parseInput(schema, value, (message) => new MpcError("BAD_REQUEST", message));
}
