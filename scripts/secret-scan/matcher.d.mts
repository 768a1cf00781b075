export interface Needle {
  kind: string;
  value: string;
  /** Where the value came from, for reports (a canary: the action and field it was sent in). */
  from?: string;
}
export interface Found extends Needle {
  offset: number;
}
export function secretMatcher(needles: Needle[]): (text: string) => Found[];
export function describeNeedle(needle: Needle): string;
