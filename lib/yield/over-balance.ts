import { chainLabel } from "../chains";
import { compareDecimals } from "./arguments";
import type { AvailableBalance } from "./positions";
import { withUnit } from "./words";

/**
 * Said when an Enter's amount is more than the wallet holds of the token: by the form while the amount
 * is typed (the balance is on screen beside it) and by the server before it asks the provider. Nothing
 * when the amount is not a plain decimal yet, or the balance is not known.
 */
export function overBalance(amount: string, held: AvailableBalance | undefined): string | null {
  if (!held || held.amount === null || !/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  if (compareDecimals(amount, held.amount) <= 0) return null;
  return `More than the wallet holds: ${withUnit(held.amount, held.symbol)} on ${chainLabel(held.network)}.`;
}

/**
 * The provider's refusal of one argument ("arguments.amount: 5 USDC is more than the wallet holds (1.2)")
 * as the field it names and a sentence; null for any other message.
 */
export function providerArgumentRefusal(message: string | undefined): { field: string; message: string } | null {
  const match = /^arguments\.([A-Za-z][\w.]*):\s*(.+)$/s.exec(message?.trim() ?? "");
  if (!match) return null;
  const [, field, rest] = match as unknown as [string, string, string];
  const sentence = rest.trim().replace(/\.$/, "");
  return {
    field: `arguments.${field}`,
    message: `The provider refused the ${field}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}.`,
  };
}
