/**
 * The provider's names (CLAIM_REWARDS, APPROVAL, SUCCESS) in the words staff read: "Claim rewards",
 * "Approval", "Success". One place, so a dialog, a run page, the history and a step card say the same.
 */
export function enumWords(value: string): string {
  const spaced = value.trim().replace(/[_-]+/g, " ").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** What a run does, as its title starts: "Enter", "Exit", or the managing action ("Claim rewards"). */
export function runActionWords(intent: string, actionType: string | null | undefined): string {
  if (intent === "manage") return actionType ? enumWords(actionType) : "Manage";
  return enumWords(intent);
}

/** An amount with its unit ("10 USDC"); the amount alone only when the token is not known. */
export function withUnit(amount: string, symbol: string | null | undefined): string {
  return symbol ? `${amount} ${symbol}` : amount;
}
